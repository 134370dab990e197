// The project page's Locations tab (issue 36), composed here so the projects feature does not
// import the locations feature: a lazy chunk, loaded when the tab is opened.
import { lazy, Suspense } from "react";
import { LoadingState } from "../components/states";

const LocationsTab = lazy(() =>
  import("../features/locations/components/locations-tab").then((m) => ({ default: m.LocationsTab })),
);

export function ProjectLocationsTab({ projectId }: { projectId: string }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <LocationsTab projectId={projectId} />
    </Suspense>
  );
}
