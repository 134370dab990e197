import { PROJECT_TYPES } from "@sitesnag/shared/audit-template";
import type { AuditFormData } from "@sitesnag/shared/audits";
import { TextAreaField, TextField } from "../../../components/field";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";
import { PROJECT_TYPE } from "./labels";

type Props = {
  value: AuditFormData;
  notes: string;
  onChange: (patch: Partial<AuditFormData>) => void;
  onNotes: (notes: string) => void;
};

type TextKey = Exclude<keyof AuditFormData, "projectType" | "inductionConfirmed">;
const FIELDS: { key: TextKey; label: Message; type?: string; autoComplete?: string }[] = [
  { key: "projectName", label: msg("audits.form.projectName") },
  { key: "siteAddress", label: msg("audits.form.siteAddress"), autoComplete: "street-address" },
  { key: "principalContractor", label: msg("audits.form.principalContractor") },
  { key: "auditorName", label: msg("audits.form.auditorName"), autoComplete: "name" },
  { key: "auditorRole", label: msg("audits.form.auditorRole") },
  { key: "auditDate", label: msg("audits.form.date"), type: "date" },
  { key: "auditTime", label: msg("audits.form.time"), type: "time" },
  { key: "weather", label: msg("audits.form.weather") },
  { key: "shift", label: msg("audits.form.shift") },
  { key: "siteContact", label: msg("audits.form.siteContact") },
  { key: "siteContactTel", label: msg("audits.form.siteContactTel"), type: "tel", autoComplete: "tel" },
];

/** The audit's header data (SPEC §3 formData). */
export function AuditFormDataFields({ value, notes, onChange, onNotes }: Props) {
  const t = useT();
  return (
    <section aria-labelledby="site-details" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="site-details" className="mb-3 text-base font-semibold text-slate-900">
        {t("audits.form.siteDetails")}
      </h2>
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t("audits.form.projectType")}</legend>
        <div className="flex flex-wrap gap-2">
          {PROJECT_TYPES.map((type) => {
            const checked = value.projectType.includes(type);
            return (
              <label
                key={type}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  className="size-4 accent-brand-700"
                  onChange={() =>
                    onChange({
                      projectType: checked
                        ? value.projectType.filter((t) => t !== type)
                        : PROJECT_TYPES.filter((t) => t === type || value.projectType.includes(t)),
                    })
                  }
                />
                {t(PROJECT_TYPE[type])}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={t(f.label)}
            type={f.type ?? "text"}
            autoComplete={f.autoComplete ?? "off"}
            value={value[f.key]}
            onChange={(e) => onChange({ [f.key]: e.target.value })}
          />
        ))}
      </div>
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={value.inductionConfirmed}
          onChange={(e) => onChange({ inductionConfirmed: e.target.checked })}
          className="size-5 accent-brand-700"
        />
        {t("audits.form.induction")}
      </label>
      <div className="mt-3">
        <TextAreaField
          label={t("audits.form.notes")}
          rows={2}
          value={notes}
          onChange={(e) => onNotes(e.target.value)}
        />
      </div>
    </section>
  );
}
