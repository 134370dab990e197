import { COMPLIANCE_BAND_LABELS, complianceBand } from "@sitesnag/shared/audit-scoring";
import { clsx } from "clsx";
import { COMPLIANCE_BAND_CLASS } from "./band-styles";

/** A compliance score with its colour band, named in words as well as colour. */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const band = complianceBand(score);
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset",
        COMPLIANCE_BAND_CLASS[band],
        className,
      )}
    >
      {score}%<span className="sr-only"> compliance, {COMPLIANCE_BAND_LABELS[band]}</span>
    </span>
  );
}

export function AuditStatusBadge({ status }: { status: "draft" | "completed" }) {
  return (
    <span
      className={clsx(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize",
        status === "completed" ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700",
      )}
    >
      {status === "completed" ? "Completed" : "Draft"}
    </span>
  );
}
