// One breakdown as a table that is its own chart (issue 37): a row per trade, person or place, its
// figures as links to the list, and a bar for the open count (decorative: the number is beside it).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocale } from "../../../i18n/use-t";
import { formatNumberFor } from "../../../lib/format";

export type FigureColumn = { header: string; end?: boolean };
export type FigureCell = { value: number | string | null; to?: string; label?: string };
export type FigureRow = { key: string; name: ReactNode; bar: number; cells: FigureCell[] };

export function FigureTable({
  caption,
  nameHeader,
  columns,
  rows,
}: {
  caption: string;
  nameHeader: string;
  columns: FigureColumn[];
  rows: FigureRow[];
}) {
  const locale = useLocale();
  const max = Math.max(1, ...rows.map((r) => r.bar));
  const text = (v: FigureCell["value"]) => (v === null ? "–" : typeof v === "number" ? formatNumberFor(locale, v) : v);
  // Four or five columns of headings in a longer language are wider than a phone: the table scrolls
  // sideways inside its box, the page does not.
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 text-start font-medium">
              {nameHeader}
            </th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="py-1 ps-2 text-end font-medium">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1.5 text-start font-normal text-slate-900">
                {row.name}
                <span aria-hidden className="mt-1 block h-1.5 rounded bg-slate-100">
                  <span
                    className="block h-full rounded bg-blue-700"
                    style={{ inlineSize: `${(row.bar / max) * 100}%` }}
                  />
                </span>
              </th>
              {row.cells.map((cell, i) => (
                <td key={columns[i]?.header ?? i} className="py-1.5 ps-2 text-end tabular-nums">
                  {cell.to && cell.value !== null ? (
                    <Link
                      to={cell.to}
                      aria-label={cell.label}
                      className="inline-flex min-h-8 min-w-8 items-center justify-end font-medium text-brand-700 underline"
                    >
                      {text(cell.value)}
                    </Link>
                  ) : (
                    text(cell.value)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
