// The project page's Weekly report tab (issue 37), composed here so the projects feature does not
// import the weekly-report feature: a lazy chunk, loaded when the tab is opened.
import { lazy, Suspense } from "react";
import { LoadingState } from "../components/states";

const WeeklyReportTab = lazy(() =>
  import("../features/weekly-report/components/weekly-report-tab").then((m) => ({ default: m.WeeklyReportTab })),
);

export function ProjectWeeklyReportTab({ projectId }: { projectId: string }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <WeeklyReportTab projectId={projectId} />
    </Suspense>
  );
}
