// What other features add to a report's page (features do not import each other; app/ composes
// them): the overwrite notices and the history timeline (features/activity), the comments
// (features/comments), and the verification
// panel of the fix → verify → close workflow (features/workflow). Each is its own lazy
// chunk, fetched after the report has painted, so the detail screen's first load is unchanged.
// Offline in a tab the service worker does not control yet (a first visit), a chunk that cannot be
// fetched leaves its part out rather than the whole page (issue 33); the report page preloads them
// as soon as it shows (preloadReportExtras), so they are in before the signal goes.
import { Suspense } from "react";
import { useT } from "../i18n/use-t";
import { lazyOrNothing } from "../lib/lazy-or-nothing";

const loadNotices = () => import("../features/activity/components/overwrite-notices");
const loadTimeline = () => import("../features/activity/components/report-timeline");
const loadComments = () => import("../features/comments/components/report-comments");
const loadVerification = () => import("../features/workflow/components/verification-panel");

export function preloadReportExtras(): Promise<unknown> {
  return Promise.all([loadNotices(), loadTimeline(), loadComments(), loadVerification()]);
}

const Notices = lazyOrNothing(() => loadNotices().then((m) => ({ default: m.OverwriteNotices })));
const Timeline = lazyOrNothing(() => loadTimeline().then((m) => ({ default: m.ReportTimeline })));
const Comments = lazyOrNothing(() => loadComments().then((m) => ({ default: m.ReportComments })));

export function ReportCommentsSection(props: { reportId: string }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="mt-5 text-sm text-slate-500">
          {t("snagging.comments.loading")}
        </p>
      }
    >
      <div className="mt-5 lg:w-2/3 lg:pr-2">
        <Comments {...props} />
      </div>
    </Suspense>
  );
}

const Verification = lazyOrNothing(() => loadVerification().then((m) => ({ default: m.VerificationPanel })));

export function ReportVerification(props: { reportId: string }) {
  return (
    <Suspense fallback={null}>
      <Verification {...props} />
    </Suspense>
  );
}

export function ReportNotices(props: { reportId: string; version: number }) {
  return (
    <Suspense fallback={null}>
      <Notices {...props} />
    </Suspense>
  );
}

export function ReportHistory(props: { reportId: string }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="mt-5 text-sm text-slate-500">
          {t("snagging.history.loading")}
        </p>
      }
    >
      <div className="mt-5 lg:w-2/3 lg:pr-2">
        <Timeline {...props} />
      </div>
    </Suspense>
  );
}
