// Insight's overview (issue 37) for the workspace (the dashboard: with project and date-range
// filters kept in the URL) or for one project (its Overview tab). The headline counts draw first at
// a fixed size; the charts are their own chunk, loaded after, in a box that keeps its place.
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../../components/button";
import { EmptyState, ErrorState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { useOverview } from "./api/get-overview";
import { OverviewCounts } from "./components/overview-counts";
import { OverviewFilters } from "./components/overview-filters";

const OverviewCharts = lazy(() => import("./components/overview-charts"));

export function OverviewPanel({ projectId: fixedProject }: { projectId?: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const isWorkspace = fixedProject === undefined;
  const projectId = fixedProject ?? (params.get("projectId") || undefined);
  const from = (isWorkspace && params.get("from")) || undefined;
  const to = (isWorkspace && params.get("to")) || undefined;
  const locationId = params.get("insightLocation") || undefined;
  const overview = useOverview({ projectId, from, to, locationId });
  const setParam = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const data = overview.data;
  return (
    <section aria-labelledby="insight-title" className="mt-8">
      <h2 id="insight-title" className="mb-3 text-lg font-semibold text-slate-900">
        {isWorkspace ? t("insight.title.workspace") : t("insight.title.project")}
      </h2>
      {isWorkspace && (
        <OverviewFilters
          projectId={projectId}
          from={from}
          to={to}
          onChange={(changes) => setParam({ ...changes, insightLocation: undefined })}
        />
      )}
      {overview.isError && !data ? (
        <ErrorState
          message={t("insight.loadFailed")}
          onRetry={() => overview.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : data && data.counts.total === 0 ? (
        <EmptyState
          title={t("insight.empty.title")}
          action={
            <Link
              to={projectId ? `/app/snagging/new?projectId=${projectId}` : "/app/snagging/new"}
              className={buttonClass("primary")}
            >
              {t("insight.empty.action")}
            </Link>
          }
        >
          {t("insight.empty.body")}
        </EmptyState>
      ) : (
        <>
          <OverviewCounts counts={data?.counts} projectId={projectId} />
          <div className="mt-4 min-h-96">
            {data && (
              <Suspense fallback={null}>
                <OverviewCharts
                  overview={data}
                  projectId={projectId}
                  onLocation={(id) => setParam({ insightLocation: id })}
                />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}
