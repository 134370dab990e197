import { formatMonth } from "../../../lib/format";

/**
 * Sign-ups per month as plain bars: no chart library, and a screen reader reads it as a list
 * ("Jan 2026: 3 sign-ups").
 */
export function SignupsChart({ months }: { months: { month: string; count: number }[] }) {
  const max = Math.max(1, ...months.map((m) => m.count));
  return (
    <figure>
      <figcaption className="mb-3 text-lg font-semibold text-slate-900">Sign-ups per month</figcaption>
      <ol className="flex h-48 items-end gap-1 border-b border-slate-300 sm:gap-2" aria-label="Sign-ups per month">
        {months.map((m) => {
          const label = formatMonth(m.month);
          return (
            <li key={m.month} className="flex h-full flex-1 flex-col items-center justify-end">
              <span className="text-xs font-medium text-slate-700">{m.count}</span>
              <span
                aria-hidden
                className="w-full rounded-t bg-brand-600"
                style={{ height: `${(m.count / max) * 85}%`, minHeight: m.count > 0 ? "2px" : 0 }}
              />
              <span className="sr-only">
                {label}: {m.count} {m.count === 1 ? "sign-up" : "sign-ups"}
              </span>
            </li>
          );
        })}
      </ol>
      <div aria-hidden className="mt-1 flex gap-1 sm:gap-2">
        {months.map((m) => (
          <span key={m.month} className="flex-1 text-center text-[10px] text-slate-500 sm:text-xs">
            {formatMonth(m.month, false)}
          </span>
        ))}
      </div>
    </figure>
  );
}
