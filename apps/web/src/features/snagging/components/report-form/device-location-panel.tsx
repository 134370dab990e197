import { Crosshair, MapPin } from "lucide-react";
import type { Message } from "../../../../i18n/i18n";
import { msg, useT } from "../../../../i18n/use-t";
import type { DeviceLocation } from "../../hooks/use-device-location";

// The hook's reasons (use-device-location.ts), each as the sentence shown.
const REASONS: Record<string, Message> = {
  "This device cannot share its location": msg("snagging.location.noApi"),
  "Location timed out": msg("snagging.location.timedOut"),
  "Location unavailable": msg("snagging.location.unavailable"),
};

const coordinate = (value: number) => value.toFixed(6); // SPEC §9: six decimals

type Props = { location: DeviceLocation; onLocate: () => void };

/** Where the device is, how sure it is, and a way to ask again; never in the way of saving. */
export function DeviceLocationPanel({ location, onLocate }: Props) {
  const t = useT();
  return (
    <section aria-labelledby="device-location-heading" className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="device-location-heading" className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <MapPin aria-hidden className="size-4" />
            {t("snagging.location.title")}
          </h2>
          <p role="status" className="mt-1 text-sm text-slate-700">
            {location.status === "idle" && t("snagging.location.idle")}
            {location.status === "locating" && t("snagging.location.locating")}
            {location.status === "found" &&
              t("snagging.location.found", {
                lat: coordinate(location.lat),
                lng: coordinate(location.lng),
                accuracy: Math.round(location.accuracy),
              })}
            {location.status === "denied" && t("snagging.location.denied")}
            {location.status === "unavailable" && t(REASONS[location.reason] ?? msg("snagging.location.unavailable"))}
          </p>
        </div>
        {location.status !== "locating" && (
          <button
            type="button"
            onClick={onLocate}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            <Crosshair aria-hidden className="size-4" />
            {location.status === "found" ? t("snagging.location.update") : t("snagging.location.locate")}
          </button>
        )}
      </div>
    </section>
  );
}
