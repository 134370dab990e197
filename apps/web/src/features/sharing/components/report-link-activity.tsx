// On a report in the workspace: what people holding share links did with it (each view and fix,
// under the link's name). Nothing is shown for a report no link has touched.
import type { ShareEvent } from "@sitesnag/shared/sharing";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Eye } from "lucide-react";
import { useLocale, useT } from "../../../i18n/use-t";
import { api } from "../../../lib/api-client";
import { formatDateTimeFor } from "../../../lib/format";

export function ReportLinkActivity({ reportId }: { reportId: string }) {
  const t = useT();
  const locale = useLocale();
  const activity = useQuery({
    queryKey: ["snagging", reportId, "link-activity"],
    queryFn: async () =>
      (await api<{ events: ShareEvent[] }>(`/snagging/${encodeURIComponent(reportId)}/link-activity`)).events,
  });
  if (!activity.data || activity.data.length === 0) return null;
  return (
    <section aria-labelledby="link-activity" className="mt-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="link-activity" className="mb-2 text-sm font-semibold text-slate-900">
        {t("sharing.activity.title")}
      </h2>
      <ul className="space-y-2 text-sm">
        {activity.data.map((event) => (
          <li key={event.id} className="flex gap-2">
            {event.kind === "fix" ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : (
              <Eye aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
            )}
            <span>
              <span className="font-medium text-slate-900">{event.linkName}</span>{" "}
              {event.kind === "fix" ? t("sharing.activity.fixed") : t("sharing.activity.viewed")} ·{" "}
              {formatDateTimeFor(locale, event.at)}
              {event.note && <span className="block text-slate-700">“{event.note}”</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
