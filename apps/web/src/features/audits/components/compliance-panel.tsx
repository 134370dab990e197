import { complianceBand, complianceScore, countStatuses } from "@sitesnag/shared/audit-scoring";
import { type AuditTemplateRef, templateScore } from "@sitesnag/shared/audit-template-model";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { clsx } from "clsx";
import { useT } from "../../../i18n/use-t";
import { COMPLIANCE_BAND_CLASS } from "./band-styles";
import { COMPLIANCE_BAND, ITEM_STATUS } from "./labels";

/** The live compliance score, its band and the counts behind it. */
export function CompliancePanel({
  checklist,
  template,
}: {
  checklist: ChecklistItem[];
  /** A custom template weighs its items (decision 0028). */
  template?: AuditTemplateRef | undefined;
}) {
  const t = useT();
  const score = template
    ? templateScore(template, (id) => checklist.find((i) => i.id === id)?.status ?? "").score
    : complianceScore(checklist);
  const band = complianceBand(score);
  const c = countStatuses(checklist);
  const counts: [string, number][] = [
    [t(ITEM_STATUS.C), c.compliant],
    [t(ITEM_STATUS.I), c.improvement],
    [t(ITEM_STATUS.NC), c.nonCompliant],
    [t(ITEM_STATUS["N/A"]), c.notApplicable],
    [t(ITEM_STATUS[""]), c.notAssessed],
  ];
  return (
    <section aria-labelledby="compliance-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="compliance-heading" className="text-base font-semibold text-slate-900">
        {t("audits.score.title")}
      </h2>
      <div className="mt-2 flex items-center gap-3">
        <output
          aria-live="polite"
          aria-label={t("audits.score.title")}
          className={clsx("rounded-xl px-4 py-2 text-3xl font-bold ring-1 ring-inset", COMPLIANCE_BAND_CLASS[band])}
        >
          {t("audits.score.percent", { score })}
        </output>
        <div className="text-sm">
          <p className="font-semibold text-slate-900">{t(COMPLIANCE_BAND[band])}</p>
          <p className="text-slate-600">
            {t("audits.score.counts", { compliant: c.compliant, total: c.total, assessed: c.assessed })}
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
