import { useLocale, useT } from "../../../i18n/use-t";
import { formatMonth } from "../../../lib/format";

/** A calendar month "yyyy-MM" in `locale` ("lis 2026"); SPEC's "Nov 2026" in English. */
function monthIn(locale: string, month: string, withYear = true): string {
  if (locale === "en-GB" || locale === "en-XA") return formatMonth(month, withYear);
  // Noon UTC on the 15th: no time zone moves it into another month.
  const date = new Date(`${month}-15T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

/**
 * Sign-ups per month as plain bars: no chart library, and a screen reader reads it as a list
 * ("Jan 2026: 3 sign-ups").
 */
export function SignupsChart({ months }: { months: { month: string; count: number }[] }) {
  const max = Math.max(1, ...months.map((m) => m.count));
  const t = useT();
  const locale = useLocale();
  return (
    <figure>
      <figcaption className="mb-3 text-lg font-semibold text-slate-900">{t("admin.signups.perMonth")}</figcaption>
      <ol
        className="flex h-48 items-end gap-1 border-b border-slate-300 sm:gap-2"
        aria-label={t("admin.signups.perMonth")}
      >
        {months.map((m) => {
          const label = monthIn(locale, m.month);
          return (
            <li key={m.month} className="flex h-full flex-1 flex-col items-center justify-end">
              <span className="text-xs font-medium text-slate-700">{m.count}</span>
              <span
                aria-hidden
                className="w-full rounded-t bg-brand-600"
                style={{ height: `${(m.count / max) * 85}%`, minHeight: m.count > 0 ? "2px" : 0 }}
              />
              <span className="sr-only">{t("admin.signups.month", { month: label, count: m.count })}</span>
            </li>
          );
        })}
      </ol>
      <div aria-hidden className="mt-1 flex gap-1 sm:gap-2">
        {months.map((m) => (
          <span key={m.month} className="flex-1 text-center text-[10px] text-slate-500 sm:text-xs">
            {monthIn(locale, m.month, false)}
          </span>
        ))}
      </div>
    </figure>
  );
}
