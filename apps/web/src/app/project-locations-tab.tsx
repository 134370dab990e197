// The project page's Locations tab (issue 36), composed here so the projects feature does not
// import the locations feature: a lazy chunk, loaded when the tab is opened.
import { lazy, Suspense } from "react";
import { LoadingState } from "../components/states";
import { useT } from "../i18n/use-t";

const LocationsTab = lazy(() =>
  import("../features/locations/components/locations-tab").then((m) => ({ default: m.LocationsTab })),
);

export function ProjectLocationsTab({ projectId }: { projectId: string }) {
  const t = useT();
  return (
    <Suspense fallback={<LoadingState label={t("sync.loading")} />}>
      <LocationsTab projectId={projectId} />
    </Suspense>
  );
}
