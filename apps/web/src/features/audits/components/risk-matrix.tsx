import { riskMatrix } from "@sitesnag/shared/audit-scoring";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { clsx } from "clsx";
import { useT } from "../../../i18n/use-t";
import { RISK_BAND_CLASS } from "./band-styles";
import { likelihoodLabel, RISK_BAND, severityLabel } from "./labels";

/**
 * The 5×5 risk matrix: severity up the side, likelihood along the bottom, each assessed and rated
 * item shown by its number in its cell, so the worst risks (top right) are seen at a glance.
 */
export function RiskMatrix({ checklist, numbers }: { checklist: ChecklistItem[]; numbers: Record<string, string> }) {
  const t = useT();
  const rows = riskMatrix(checklist);
  const placed = rows.flat().reduce((n, cell) => n + cell.itemIds.length, 0);
  const unrated = checklist.filter(
    (i) => i.status !== "" && i.status !== "N/A" && (!i.riskSeverity || !i.riskLikelihood),
  ).length;
  return (
    <section aria-labelledby="matrix-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="matrix-heading" className="text-base font-semibold text-slate-900">
        {t("audits.matrix.title")}
      </h2>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {t("audits.matrix.placed", { count: placed })}
        {unrated > 0 ? ` · ${t("audits.matrix.unrated", { count: unrated })}` : ""}
      </p>
      <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">{t("audits.matrix.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-16 text-left font-medium text-slate-600">
              <span className="sr-only">{t("audits.risk.severity")}</span>
            </th>
            {[1, 2, 3, 4, 5].map((l) => (
              <th key={l} scope="col" className="font-medium text-slate-600" title={t(likelihoodLabel(l))}>
                {l}
                <span className="sr-only"> {t(likelihoodLabel(l))}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]?.severity}>
              <th scope="row" className="pr-1 text-left font-medium text-slate-600">
                {row[0]?.severity} <span className="hidden sm:inline">{t(severityLabel(row[0]?.severity ?? 0))}</span>
              </th>
              {row.map((cell) => (
                <td
                  key={cell.likelihood}
                  data-testid={`matrix-${cell.severity}-${cell.likelihood}`}
                  aria-label={t("audits.matrix.cell", {
                    severity: cell.severity,
                    likelihood: cell.likelihood,
                    score: cell.score,
                    band: t(RISK_BAND[cell.band]),
                    count: cell.itemIds.length,
                    items: cell.itemIds.map((id) => numbers[id]).join(", "),
                  })}
                  className={clsx("h-12 rounded align-middle text-center", RISK_BAND_CLASS[cell.band])}
                >
                  {cell.itemIds.length > 0 ? (
                    <span className="flex flex-wrap justify-center gap-0.5">
                      {cell.itemIds.map((id) => (
                        <span
                          key={id}
                          className="rounded bg-white/90 px-1 font-semibold text-slate-900 ring-1 ring-slate-900/20"
                        >
                          {numbers[id]}
                        </span>
                      ))}
                    </span>
                  ) : (
                    <span>{cell.score}</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-center text-xs text-slate-600">{t("audits.matrix.likelihoodAxis")}</p>
    </section>
  );
}
