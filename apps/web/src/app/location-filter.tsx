// The reports list's location filter (features/locations), composed here so the snagging feature
// does not import the locations feature: its own chunk, loaded after the list has drawn. Fetched as
// soon as this module runs — the list's filters are preloaded with the report form's save path
// (snagging/lib/save-path.ts) — so the list a first-visit offline save lands on has it; if it still
// cannot be fetched (offline before it ever was), the list shows without it instead of failing.
import { Suspense } from "react";
import type { LocationFilterProps } from "../features/locations/components/location-filter";
import { lazyOrNothing } from "../lib/lazy-or-nothing";

const load = () => import("../features/locations/components/location-filter");
void load().catch(() => undefined);
const LocationFilter = lazyOrNothing(load);

export function LocationFilterField(props: LocationFilterProps) {
  return (
    <Suspense fallback={<div className="h-[65px] sm:h-16" />}>
      <LocationFilter {...props} />
    </Suspense>
  );
}
