// The dashboard's lower half (issue 37), composed here because it joins two features: the
// workspace overview (analytics) and, beside it, the audits' compliance trend (audits), each its
// own chunk so the dashboard's first load is unchanged. The overview's box keeps its height while
// its chunk loads; the trend loads when asked for, as on the audits page.
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../components/button";
import { LoadingState } from "../components/states";
import { useT } from "../i18n/use-t";

const OverviewPanel = lazy(() =>
  import("../features/analytics/overview-panel").then((m) => ({ default: m.OverviewPanel })),
);
const AuditTrends = lazy(() =>
  import("../features/audits/components/audit-trends").then((m) => ({ default: m.AuditTrends })),
);

/** The overview's headline while its chunk loads: the same height, so nothing below it moves. */
export const OverviewPlaceholder = () => <div aria-hidden className="mt-8 h-[31rem]" />;

/**
 * True once the element has come into the viewport, then for good. The overview's charts and tables
 * are the heaviest thing the dashboard draws; on a phone they sit below the fold, and drawing them
 * during the first load held a slow phone's main thread for over half a second (Lighthouse's total
 * blocking time, issue 33/37). They load as the person scrolls to them; the box keeps its height.
 */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    if (typeof IntersectionObserver === "undefined") return setInView(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView]);
  return inView;
}

export function DashboardInsight() {
  const t = useT();
  const [showTrends, setShowTrends] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const inView = useInView(box);
  return (
    <>
      {inView ? (
        <Suspense fallback={<OverviewPlaceholder />}>
          <OverviewPanel />
        </Suspense>
      ) : (
        <div ref={box} aria-hidden className="mt-8 h-[31rem]" />
      )}
      <section aria-labelledby="insight-audits" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="insight-audits" className="text-lg font-semibold text-slate-900">
            {t("insight.audits.title")}
          </h2>
          <Button variant="secondary" aria-expanded={showTrends} onClick={() => setShowTrends(!showTrends)}>
            {showTrends ? t("audits.trends.hide") : t("audits.trends.show")}
          </Button>
        </div>
        {showTrends && (
          <Suspense fallback={<LoadingState label={t("audits.trends.loading")} />}>
            <AuditTrends />
          </Suspense>
        )}
      </section>
    </>
  );
}
