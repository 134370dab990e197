import { COMPLIANCE_BAND_LABELS, complianceBand, complianceScore, countStatuses } from "@sitesnag/shared/audit-scoring";
import { type AuditTemplateRef, templateScore } from "@sitesnag/shared/audit-template-model";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { clsx } from "clsx";
import { COMPLIANCE_BAND_CLASS } from "./band-styles";

/** The live compliance score, its band and the counts behind it. */
export function CompliancePanel({
  checklist,
  template,
}: {
  checklist: ChecklistItem[];
  /** A custom template weighs its items (decision 0028). */
  template?: AuditTemplateRef | undefined;
}) {
  const score = template
    ? templateScore(template, (id) => checklist.find((i) => i.id === id)?.status ?? "").score
    : complianceScore(checklist);
  const band = complianceBand(score);
  const c = countStatuses(checklist);
  const counts: [string, number][] = [
    ["Compliant", c.compliant],
    ["Improvement", c.improvement],
    ["Non-compliant", c.nonCompliant],
    ["N/A", c.notApplicable],
    ["Not assessed", c.notAssessed],
  ];
  return (
    <section aria-labelledby="compliance-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="compliance-heading" className="text-base font-semibold text-slate-900">
        Compliance score
      </h2>
      <div className="mt-2 flex items-center gap-3">
        <output
          aria-live="polite"
          aria-label="Compliance score"
          className={clsx("rounded-xl px-4 py-2 text-3xl font-bold ring-1 ring-inset", COMPLIANCE_BAND_CLASS[band])}
        >
          {score}%
        </output>
        <div className="text-sm">
          <p className="font-semibold text-slate-900">{COMPLIANCE_BAND_LABELS[band]}</p>
          <p className="text-slate-600">
            {c.compliant} of {c.total} items compliant · {c.assessed} assessed
          </p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-sm">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-1 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
