import type { AuditDetail } from "@sitesnag/shared/audits";
import { TextField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { SignatureField } from "./signature-field";

type Props = { detail: AuditDetail; onChange: (patch: Partial<AuditDetail>) => void };

const now = () => Math.floor(Date.now() / 1000);

/** Both parties sign (the time of the last stroke is the time signed); the audit is completed on save only when both have. */
export function SignaturesPanel({ detail, onChange }: Props) {
  const t = useT();
  const isComplete = Boolean(detail.auditorSignature && detail.siteRepSignature);
  return (
    <section aria-labelledby="signatures-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="signatures-heading" className="text-base font-semibold text-slate-900">
        {t("audits.signatures.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {isComplete ? t("audits.signatures.bothSigned") : t("audits.signatures.hint")}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            {t("audits.signatures.auditor")}:{" "}
            <span className="font-semibold">{detail.formData.auditorName || "—"}</span>
          </p>
          <SignatureField
            label={t("audits.signatures.auditorSignature")}
            value={detail.auditorSignature}
            signedAt={detail.auditorSignedAt}
            onChange={(url) =>
              onChange({
                auditorSignature: url,
                auditorSignedAt: url ? now() : null,
              })
            }
          />
        </div>
        <div className="space-y-2">
          <TextField
            label={t("audits.signatures.siteRepName")}
            value={detail.siteRepName}
            autoComplete="off"
            onChange={(e) => onChange({ siteRepName: e.target.value })}
          />
          <SignatureField
            label={t("audits.signatures.siteRepSignature")}
            value={detail.siteRepSignature}
            signedAt={detail.siteRepSignedAt}
            onChange={(url) =>
              onChange({
                siteRepSignature: url,
                siteRepSignedAt: url ? now() : null,
              })
            }
          />
        </div>
      </div>
    </section>
  );
}
