// What other features add to a report's page (features do not import each other; app/ composes
// them): the overwrite notices and the history timeline (features/activity), the comments
// (features/comments), and the verification
// panel of the fix → verify → close workflow (features/workflow). Each is its own lazy
// chunk, fetched after the report has painted, so the detail screen's first load is unchanged.
import { lazy, Suspense } from "react";

const Notices = lazy(() =>
  import("../features/activity/components/overwrite-notices").then((m) => ({ default: m.OverwriteNotices })),
);
const Timeline = lazy(() =>
  import("../features/activity/components/report-timeline").then((m) => ({ default: m.ReportTimeline })),
);

const Comments = lazy(() =>
  import("../features/comments/components/report-comments").then((m) => ({ default: m.ReportComments })),
);

export function ReportCommentsSection(props: { reportId: string }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="mt-5 text-sm text-slate-500">
          Loading comments…
        </p>
      }
    >
      <div className="mt-5 lg:w-2/3 lg:pr-2">
        <Comments {...props} />
      </div>
    </Suspense>
  );
}

const Verification = lazy(() =>
  import("../features/workflow/components/verification-panel").then((m) => ({ default: m.VerificationPanel })),
);

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
  return (
    <Suspense
      fallback={
        <p role="status" className="mt-5 text-sm text-slate-500">
          Loading history…
        </p>
      }
    >
      <div className="mt-5 lg:w-2/3 lg:pr-2">
        <Timeline {...props} />
      </div>
    </Suspense>
  );
}
