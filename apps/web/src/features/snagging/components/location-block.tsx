import { ExternalLink, MapPin } from "lucide-react";
import { formatCoordinate, mapsUrl } from "../location";

export function LocationBlock({ lat, lng }: { lat: number | null; lng: number | null }) {
  return (
    <section aria-labelledby="report-location" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-location" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <MapPin aria-hidden className="size-4 text-brand-700" />
        Location
      </h2>
      {lat === null || lng === null ? (
        <p className="mt-2 text-sm text-slate-600">No GPS position was recorded with this report.</p>
      ) : (
        <>
          <p className="mt-2 font-mono text-sm text-slate-800">
            {formatCoordinate(lat)}, {formatCoordinate(lng)}
          </p>
          <a
            href={mapsUrl(lat, lng)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            Open in Maps
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </>
      )}
    </section>
  );
}
