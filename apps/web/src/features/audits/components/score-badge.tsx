import { complianceBand } from "@sitesnag/shared/audit-scoring";
import { clsx } from "clsx";
import { useT } from "../../../i18n/use-t";
import { COMPLIANCE_BAND_CLASS } from "./band-styles";
import { COMPLIANCE_BAND } from "./labels";

/** A compliance score with its colour band, named in words as well as colour. */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const t = useT();
  const band = complianceBand(score);
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset",
        COMPLIANCE_BAND_CLASS[band],
        className,
      )}
    >
      {t("audits.score.percent", { score })}
      <span className="sr-only"> {t("audits.score.compliance", { band: t(COMPLIANCE_BAND[band]) })}</span>
    </span>
  );
}

export function AuditStatusBadge({ status }: { status: "draft" | "completed" }) {
  const t = useT();
  return (
    <span
      className={clsx(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize",
        status === "completed" ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700",
      )}
    >
      {status === "completed" ? t("audits.status.completed") : t("audits.status.draft")}
    </span>
  );
}
