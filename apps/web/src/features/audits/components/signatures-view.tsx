import type { AuditDetail } from "@sitesnag/shared/audits";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateTimeFor } from "../date-time";

/** The two signatures of an audit that cannot be changed here (completed, or another person's). */
export function SignaturesView({ detail }: { detail: AuditDetail }) {
  const t = useT();
  const locale = useLocale();
  const rows = [
    {
      role: t("audits.signatures.auditor"),
      label: t("audits.signatures.auditorSignature"),
      name: detail.formData.auditorName,
      url: detail.auditorSignature,
      at: detail.auditorSignedAt,
    },
    {
      role: t("audits.signatures.siteRep"),
      label: t("audits.signatures.siteRepSignature"),
      name: detail.siteRepName,
      url: detail.siteRepSignature,
      at: detail.siteRepSignedAt,
    },
  ];
  return (
    <section aria-labelledby="signatures-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="signatures-heading" className="mb-3 text-base font-semibold text-slate-900">
        {t("audits.signatures.title")}
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        {rows.map((r) => (
          <div key={r.label} className="space-y-2">
            <p className="text-sm text-slate-700">
              {r.role}: <span className="font-semibold">{r.name || "—"}</span>
            </p>
            {r.url ? (
              <img
                src={r.url}
                alt={r.label}
                className="h-32 w-full rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
              />
            ) : (
              <p className="text-sm text-slate-600">{t("audits.signatures.notSigned")}</p>
            )}
            {r.at !== null && (
              <p className="text-xs text-slate-600">
                {t("audits.signatures.signedAt", { time: formatDateTimeFor(locale, r.at) })}
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
