import { RISK_BAND_LABELS, riskBand } from "@sitesnag/shared/audit-scoring";
import { clsx } from "clsx";
import { RISK_BAND_CLASS } from "./band-styles";

/** The live risk score of one item, coloured by band and named in words. */
export function RiskBadge({ score, label = "Risk" }: { score: number; label?: string }) {
  const band = riskBand(score);
  return (
    <output
      aria-live="polite"
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold",
        RISK_BAND_CLASS[band],
      )}
    >
      {score > 0 ? `${label} ${score} · ${RISK_BAND_LABELS[band]}` : `${label}: not rated`}
    </output>
  );
}
