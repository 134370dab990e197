import { riskBand } from "@sitesnag/shared/audit-scoring";
import { clsx } from "clsx";
import { useT } from "../../../i18n/use-t";
import { RISK_BAND_CLASS } from "./band-styles";
import { RISK_BAND } from "./labels";

/** The live risk score of one item, coloured by band and named in words. */
export function RiskBadge({ score, label }: { score: number; label?: string }) {
  const t = useT();
  const name = label ?? t("audits.risk.label");
  const band = riskBand(score);
  return (
    <output
      aria-live="polite"
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold",
        RISK_BAND_CLASS[band],
      )}
    >
      {score > 0
        ? t("audits.risk.badge", { label: name, score, band: t(RISK_BAND[band]) })
        : t("audits.risk.badgeNotRated", { label: name })}
    </output>
  );
}
