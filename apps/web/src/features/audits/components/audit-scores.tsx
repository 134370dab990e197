// The audit screen's score panels, in a chunk of their own (audit-page.tsx loads it beside the
// audit store): the compliance chart and the risk matrix are not needed for the first paint.
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { CompliancePanel } from "./compliance-panel";
import { RiskMatrix } from "./risk-matrix";

export function AuditScores({ checklist, numbers }: { checklist: ChecklistItem[]; numbers: Record<string, string> }) {
  return (
    <div className="space-y-5">
      <CompliancePanel checklist={checklist} />
      <RiskMatrix checklist={checklist} numbers={numbers} />
    </div>
  );
}
