import { ExternalLink, MapPin } from "lucide-react";
import { useT } from "../../../i18n/use-t";
import { formatCoordinate, mapsUrl } from "../location";

export function LocationBlock({ lat, lng }: { lat: number | null; lng: number | null }) {
  const t = useT();
  return (
    <section aria-labelledby="report-location" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-location" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <MapPin aria-hidden className="size-4 text-brand-700" />
        {t("snagging.detail.location")}
      </h2>
      {lat === null || lng === null ? (
        <p className="mt-2 text-sm text-slate-600">{t("snagging.detail.noGps")}</p>
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
            {t("snagging.detail.openInMaps")}
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">{t("snagging.detail.newTab")}</span>
          </a>
        </>
      )}
    </section>
  );
}
