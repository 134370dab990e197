import { Crosshair, MapPin } from "lucide-react";
import type { DeviceLocation } from "../../hooks/use-device-location";

const coordinate = (value: number) => value.toFixed(6); // SPEC §9: six decimals

type Props = { location: DeviceLocation; onLocate: () => void };

/** Where the device is, how sure it is, and a way to ask again; never in the way of saving. */
export function DeviceLocationPanel({ location, onLocate }: Props) {
  return (
    <section aria-labelledby="device-location-heading" className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="device-location-heading" className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <MapPin aria-hidden className="size-4" />
            Device location
          </h2>
          <p role="status" className="mt-1 text-sm text-slate-700">
            {location.status === "idle" && "Not recorded"}
            {location.status === "locating" && "Finding your location…"}
            {location.status === "found" &&
              `${coordinate(location.lat)}, ${coordinate(location.lng)} (accurate to ±${Math.round(location.accuracy)} m)`}
            {location.status === "denied" && "Location permission denied; the report will be saved without it."}
            {location.status === "unavailable" && `${location.reason}; the report will be saved without it.`}
          </p>
        </div>
        {location.status !== "locating" && (
          <button
            type="button"
            onClick={onLocate}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            <Crosshair aria-hidden className="size-4" />
            {location.status === "found" ? "Update" : "Use my location"}
          </button>
        )}
      </div>
    </section>
  );
}
