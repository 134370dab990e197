import { LIKELIHOOD_LABELS, RISK_BAND_LABELS, riskMatrix, SEVERITY_LABELS } from "@sitesnag/shared/audit-scoring";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { clsx } from "clsx";
import { RISK_BAND_CLASS } from "./band-styles";

/**
 * The 5×5 risk matrix: severity up the side, likelihood along the bottom, each assessed and rated
 * item shown by its number in its cell, so the worst risks (top right) are seen at a glance.
 */
export function RiskMatrix({ checklist, numbers }: { checklist: ChecklistItem[]; numbers: Record<string, string> }) {
  const rows = riskMatrix(checklist);
  const placed = rows.flat().reduce((n, cell) => n + cell.itemIds.length, 0);
  const unrated = checklist.filter(
    (i) => i.status !== "" && i.status !== "N/A" && (!i.riskSeverity || !i.riskLikelihood),
  ).length;
  return (
    <section aria-labelledby="matrix-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="matrix-heading" className="text-base font-semibold text-slate-900">
        Risk matrix
      </h2>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {placed} {placed === 1 ? "item" : "items"} placed
        {unrated > 0 ? ` · ${unrated} assessed without a risk rating` : ""}
      </p>
      <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">Items by severity (rows) and likelihood (columns)</caption>
        <thead>
          <tr>
            <th scope="col" className="w-16 text-left font-medium text-slate-600">
              <span className="sr-only">Severity</span>
            </th>
            {[1, 2, 3, 4, 5].map((l) => (
              <th key={l} scope="col" className="font-medium text-slate-600" title={LIKELIHOOD_LABELS[l]}>
                {l}
                <span className="sr-only"> {LIKELIHOOD_LABELS[l]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]?.severity}>
              <th scope="row" className="pr-1 text-left font-medium text-slate-600">
                {row[0]?.severity} <span className="hidden sm:inline">{SEVERITY_LABELS[row[0]?.severity ?? 0]}</span>
              </th>
              {row.map((cell) => (
                <td
                  key={cell.likelihood}
                  data-testid={`matrix-${cell.severity}-${cell.likelihood}`}
                  aria-label={`Severity ${cell.severity}, likelihood ${cell.likelihood}: score ${cell.score}, ${RISK_BAND_LABELS[cell.band]}, ${cell.itemIds.length ? `items ${cell.itemIds.map((id) => numbers[id]).join(", ")}` : "no items"}`}
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
      <p className="mt-1 text-center text-xs text-slate-600">Likelihood →</p>
    </section>
  );
}
