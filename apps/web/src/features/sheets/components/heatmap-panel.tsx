// Under the plan while its heatmap is on (issue 37): what it is coloured by, and its legend — each
// colour with its words and how many snags of the sheet (as filtered) it stands for, so the layer's
// meaning never rests on colour alone. Its own chunk, fetched with the layer.
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";
import { type HeatMode, heatClasses, heatCounts } from "../lib/heatmap";
import type { Pin } from "../lib/pin-math";

const WORDS: Record<string, Message> = {
  open: msg("plans.status.open"),
  "in-progress": msg("plans.status.inProgress"),
  resolved: msg("plans.status.resolved"),
  closed: msg("plans.status.closed"),
  week: msg("plans.heatmap.week"),
  month: msg("plans.heatmap.month"),
  quarter: msg("plans.heatmap.quarter"),
  older: msg("plans.heatmap.older"),
};

export default function HeatmapPanel({
  mode,
  onMode,
  pins,
}: {
  mode: HeatMode;
  onMode: (mode: HeatMode) => void;
  pins: readonly Pin[];
}) {
  const t = useT();
  const counts = heatCounts(pins, mode, Math.floor(Date.now() / 1000));
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <section
      aria-labelledby="heatmap-legend"
      className="mt-3 flex flex-wrap items-start gap-x-6 gap-y-3 rounded-xl bg-white p-3 ring-1 ring-slate-200"
    >
      <label className="text-sm font-medium text-slate-700">
        {t("plans.heatmap.colourBy")}
        <select
          className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          value={mode}
          onChange={(event) => onMode(event.target.value as HeatMode)}
        >
          <option value="status">{t("plans.heatmap.byStatus")}</option>
          <option value="age">{t("plans.heatmap.byAge")}</option>
        </select>
      </label>
      <div className="min-w-0 flex-1 basis-64">
        <h2 id="heatmap-legend" className="text-sm font-semibold text-slate-900">
          {t("plans.heatmap.legend")}
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {heatClasses(mode).map(({ key, colour }, i) => (
            <li key={key} className="flex items-center gap-1.5">
              <span aria-hidden className="size-3.5 rounded-sm ring-1 ring-black/20" style={{ background: colour }} />
              {t(WORDS[key] as Message)}
              <span className="font-semibold tabular-nums">{counts[i]}</span>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-slate-600">
          {total === 0
            ? t("plans.heatmap.empty")
            : t(mode === "status" ? "plans.heatmap.statusNote" : "plans.heatmap.ageNote")}
        </p>
      </div>
    </section>
  );
}
