// The project page's Overview tab (issue 37), composed here so the projects feature does not
// import the analytics feature: a lazy chunk, loaded when the tab is opened.
import { lazy, Suspense } from "react";
import { LoadingState } from "../components/states";

const OverviewPanel = lazy(() =>
  import("../features/analytics/overview-panel").then((m) => ({ default: m.OverviewPanel })),
);

export function ProjectOverviewTab({ projectId }: { projectId: string }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <OverviewPanel projectId={projectId} />
    </Suspense>
  );
}
