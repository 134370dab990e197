// Opened vs closed per week, with the open count as a line (issue 37): drawn as SVG here (no chart
// library: decision 0063), its numbers in a table under a disclosure. Opened is blue, closed orange
// (apart for every common colour blindness), the open line black with dots; the legend says which.
import type { Overview } from "@sitesnag/shared/analytics";
import { type MouseEvent, useId } from "react";
import { Link, useNavigate } from "react-router";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatNumberFor } from "../../../lib/format";
import { listLink } from "../lib/list-link";

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };
const OPENED = "#1d4ed8";
const CLOSED = "#c2410c";

export function WeeklyChart({ weekly, projectId }: { weekly: Overview["weekly"]; projectId: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  // Each week's bars open the list of the reports they count (made, or resolved, that week).
  const opened = (w: Overview["weekly"][number]) => listLink({ projectId, openedWeek: w.weekStart });
  const closed = (w: Overview["weekly"][number]) => listLink({ projectId, closedWeek: w.weekStart });
  // A bar clicked opens its list: a pointer's shortcut only (the picture is one image to a screen
  // reader, and links inside it would be nested controls); the table's numbers are the same links.
  const openBar = (event: MouseEvent) => {
    const to = (event.target as Element).closest("[data-to]")?.getAttribute("data-to");
    if (to) navigate(to);
  };
  const locale = useLocale();
  const titleId = useId();
  const shortDate = (day: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const max = Math.max(1, ...weekly.flatMap((w) => [w.opened, w.closed, w.open]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, weekly.length);
  const bar = Math.max(2, slot * 0.35);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const line = weekly.map((w, i) => `${PAD.left + slot * i + slot / 2},${y(w.open)}`).join(" ");
  const every = Math.ceil(weekly.length / 6);
  const n = (v: number) => formatNumberFor(locale, v);
  return (
    <figure>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the table below is the keyboard's way */}
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className="h-auto w-full" onClick={openBar}>
        <title id={titleId}>{t("insight.weekly.chartName", { weeks: weekly.length })}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
            <text x={PAD.left - 4} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {n(Math.round(max * f))}
            </text>
          </g>
        ))}
        {weekly.map((w, i) => {
          const x = PAD.left + slot * i + slot / 2;
          return (
            <g key={w.weekStart}>
              <rect
                x={x - bar}
                y={y(w.opened)}
                width={bar}
                height={PAD.top + plotH - y(w.opened)}
                fill={OPENED}
                data-to={opened(w)}
                className="cursor-pointer"
              />
              <rect
                x={x}
                y={y(w.closed)}
                width={bar}
                height={PAD.top + plotH - y(w.closed)}
                fill={CLOSED}
                data-to={closed(w)}
                className="cursor-pointer"
              />
              {i % every === 0 && (
                <text x={x} y={H - 8} textAnchor="middle" fontSize="11" fill="#475569">
                  {shortDate(w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
        <polyline points={line} fill="none" stroke="#0f172a" strokeWidth="2" strokeDasharray="6 3" />
        {weekly.map((w, i) => (
          <circle key={w.weekStart} cx={PAD.left + slot * i + slot / 2} cy={y(w.open)} r="3" fill="#0f172a" />
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3" style={{ background: OPENED }} />
          {t("insight.weekly.opened")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3" style={{ background: CLOSED }} />
          {t("insight.weekly.closed")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-4 border-t-2 border-dashed border-slate-900" />
          {t("insight.weekly.open")}
        </span>
      </figcaption>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-brand-700">
          {t("insight.showNumbers")}
        </summary>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("insight.weekly.title")}</caption>
            <thead>
              <tr className="text-start text-slate-600">
                <th scope="col" className="py-1 text-start font-medium">
                  {t("insight.weekly.week")}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t("insight.weekly.opened")}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t("insight.weekly.closed")}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t("insight.weekly.open")}
                </th>
              </tr>
            </thead>
            <tbody>
              {weekly.map((w) => (
                <tr key={w.weekStart} className="border-t border-slate-100">
                  <th scope="row" className="py-1 text-start font-normal">
                    {shortDate(w.weekStart)}
                  </th>
                  <td className="py-1 text-end">
                    <Link
                      to={opened(w)}
                      aria-label={t("insight.link.openedWeek", { count: w.opened, week: shortDate(w.weekStart) })}
                      className="inline-flex min-h-8 min-w-8 items-center justify-end font-medium text-brand-700 underline"
                    >
                      {n(w.opened)}
                    </Link>
                  </td>
                  <td className="py-1 text-end">
                    <Link
                      to={closed(w)}
                      aria-label={t("insight.link.closedWeek", { count: w.closed, week: shortDate(w.weekStart) })}
                      className="inline-flex min-h-8 min-w-8 items-center justify-end font-medium text-brand-700 underline"
                    >
                      {n(w.closed)}
                    </Link>
                  </td>
                  <td className="py-1 text-end">{n(w.open)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
