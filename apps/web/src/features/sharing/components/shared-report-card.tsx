import type { SharedReport } from "@sitesnag/shared/sharing";
import { CheckCircle2, MapPin } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { placeholderLines, placeholderText } from "../../../components/photo-placeholders";
import { PriorityBadge, ReportStatusBadge } from "../../../components/report-badges";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { newFixKey, useMarkFixed } from "../api/share-page-api";
import { FixForm } from "./fix-form";
import { SharedPlan } from "./shared-plan";

/** One shared snag: what it is and where, its photos, and Mark fixed. */
export function SharedReportCard({ token, report }: { token: string; report: SharedReport }) {
  const t = useT();
  const locale = useLocale();
  const markFixed = useMarkFixed(token);
  const [isFixing, setFixing] = useState(false);
  // The same key on every attempt at this snag's fix: a retry after a lost answer adds nothing.
  const [fixKey] = useState(newFixKey);
  const isDone = report.status === "resolved" || report.status === "closed";
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <article aria-labelledby={`snag-${report.id}`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`snag-${report.id}`} className="me-auto font-semibold text-slate-900">
            {report.title}
          </h2>
          <PriorityBadge priority={report.priority} />
          <ReportStatusBadge status={report.status} />
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm font-medium text-slate-700">
          <MapPin aria-hidden className="size-4 text-slate-400" />
          {placeholderText(t, report.location)}
        </p>
        {report.dueDate !== null && (
          <p className="text-sm text-slate-600">
            {t("sharing.card.due", { date: formatDateFor(locale, report.dueDate) })}
          </p>
        )}
        <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{placeholderLines(t, report.description)}</p>
        {report.plan && <SharedPlan plan={report.plan} title={report.title} />}
        {report.photos.length > 0 && (
          <ul
            aria-label={t("sharing.card.photos", { title: report.title })}
            className="mt-3 flex gap-2 overflow-x-auto"
          >
            {report.photos.map((photo, i) => (
              <li key={photo.id} className="shrink-0">
                <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={photo.thumbnailUrl ?? photo.url}
                    alt={t("sharing.card.photoAlt", {
                      number: i + 1,
                      count: report.photos.length,
                      location: placeholderText(t, photo.location),
                    })}
                    loading="lazy"
                    className="size-24 rounded-lg object-cover ring-1 ring-slate-200"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {markFixed.isSuccess ? (
          <p role="status" className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-700">
            <CheckCircle2 aria-hidden className="size-4" />
            {t("sharing.card.thanks")}
          </p>
        ) : isFixing ? (
          <FixForm
            isPending={markFixed.isPending}
            error={markFixed.error}
            onCancel={() => setFixing(false)}
            onSubmit={(input) => markFixed.mutate({ reportId: report.id, fixKey, ...input })}
          />
        ) : (
          !isDone && (
            <Button className="mt-3 w-full sm:w-auto" onClick={() => setFixing(true)}>
              <CheckCircle2 aria-hidden className="size-4" />
              {t("sharing.card.markFixed")}
            </Button>
          )
        )}
      </article>
    </li>
  );
}
