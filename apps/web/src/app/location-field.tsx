// The report form's location picker (features/locations), composed here so the snagging feature
// does not import the locations feature. Its own chunk, fetched as the form paints: the form's
// first load grows by this file only. Offline on a first visit, when the chunk cannot be fetched,
// the form goes on without the field (the free-text location per photo stays).
import { Suspense } from "react";
import type { LocationPickerProps } from "../features/locations/components/location-picker";
import { lazyOrNothing } from "../lib/lazy-or-nothing";

const LocationPicker = lazyOrNothing(() => import("../features/locations/components/location-picker"));

export function LocationField(props: LocationPickerProps) {
  return (
    <Suspense fallback={<div className="h-[5.25rem]" />}>
      <LocationPicker {...props} />
    </Suspense>
  );
}
