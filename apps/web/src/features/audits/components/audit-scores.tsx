// The audit screen's score panels, in a chunk of their own (audit-page.tsx loads it beside the
// audit store): the compliance chart and the risk matrix are not needed for the first paint.
import type { AuditTemplateRef } from "@sitesnag/shared/audit-template-model";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { useMemo } from "react";
import { itemNumbers } from "../audit-numbers";
import { CompliancePanel } from "./compliance-panel";
import { RiskMatrix } from "./risk-matrix";

export function AuditScores({
  checklist,
  template,
}: {
  checklist: ChecklistItem[];
  template?: AuditTemplateRef | undefined;
}) {
  const numbers = useMemo(() => itemNumbers(checklist), [checklist]);
  return (
    <div className="space-y-5">
      <CompliancePanel checklist={checklist} template={template} />
      <RiskMatrix checklist={checklist} numbers={numbers} />
    </div>
  );
}
