// The reports list's location filter (features/locations), composed here so the snagging feature
// does not import the locations feature: its own chunk, loaded after the list has drawn.
import { lazy, Suspense } from "react";
import type { LocationFilterProps } from "../features/locations/components/location-filter";

const LocationFilter = lazy(() => import("../features/locations/components/location-filter"));

export function LocationFilterField(props: LocationFilterProps) {
  return (
    <Suspense fallback={<div className="h-[4.25rem]" />}>
      <LocationFilter {...props} />
    </Suspense>
  );
}
