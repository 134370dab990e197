import type { AuditDetail } from "@sitesnag/shared/audits";
import { formatDateTime } from "../../../lib/format";

/** The two signatures of an audit that cannot be changed here (completed, or another person's). */
export function SignaturesView({ detail }: { detail: AuditDetail }) {
  const rows = [
    {
      label: "Auditor signature",
      name: detail.formData.auditorName,
      url: detail.auditorSignature,
      at: detail.auditorSignedAt,
    },
    {
      label: "Site representative signature",
      name: detail.siteRepName,
      url: detail.siteRepSignature,
      at: detail.siteRepSignedAt,
    },
  ];
  return (
    <section aria-labelledby="signatures-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="signatures-heading" className="mb-3 text-base font-semibold text-slate-900">
        Signatures
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        {rows.map((r) => (
          <div key={r.label} className="space-y-2">
            <p className="text-sm text-slate-700">
              {r.label.replace(" signature", "")}: <span className="font-semibold">{r.name || "—"}</span>
            </p>
            {r.url ? (
              <img
                src={r.url}
                alt={r.label}
                className="h-32 w-full rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
              />
            ) : (
              <p className="text-sm text-slate-600">Not signed</p>
            )}
            {r.at !== null && <p className="text-xs text-slate-600">Signed {formatDateTime(r.at)}</p>}
          </div>
        ))}
      </div>
    </section>
  );
}
