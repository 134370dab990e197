// The filters an overview link set (issue 37), each a chip that removes it: the list says what it
// is showing, and one tap widens it again.
import { X } from "lucide-react";
import { PRIORITY_LABELS } from "../../../components/report-badges";
import { useLocale, useT } from "../../../i18n/use-t";

/** The overview's filters as the list's URL has them ("" when not set; the server checks them). */
export type InsightFilter = {
  priority: string;
  unresolved: string;
  due: string;
  age: string;
  openedWeek: string;
  closedWeek: string;
};

export default function InsightChips({
  filter,
  onClear,
}: {
  filter: InsightFilter;
  onClear: (key: keyof InsightFilter) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const week = (day: string) => {
    const start = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(start.getTime())
      ? day
      : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(start);
  };
  const chips: [keyof InsightFilter, string][] = [];
  const priority = PRIORITY_LABELS[filter.priority as keyof typeof PRIORITY_LABELS];
  if (filter.priority) chips.push(["priority", priority ? t(priority) : filter.priority]);
  if (filter.unresolved) chips.push(["unresolved", t("insight.filter.unresolved")]);
  if (filter.due)
    chips.push(["due", t(filter.due === "overdue" ? "insight.filter.overdue" : "insight.filter.dueSoon")]);
  if (filter.age)
    chips.push([
      "age",
      filter.age === "90+"
        ? t("insight.filter.ageOver90")
        : t("insight.filter.age", { range: filter.age.replace("-", "–") }),
    ]);
  if (filter.openedWeek) chips.push(["openedWeek", t("insight.filter.openedWeek", { week: week(filter.openedWeek) })]);
  if (filter.closedWeek) chips.push(["closedWeek", t("insight.filter.closedWeek", { week: week(filter.closedWeek) })]);
  return (
    <ul aria-label={t("insight.filter.label")} className="flex flex-wrap gap-2">
      {chips.map(([key, name]) => (
        <li key={key}>
          <button
            type="button"
            onClick={() => onClear(key)}
            aria-label={t("insight.filter.remove", { name })}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand-700 bg-brand-50 px-4 text-sm font-medium text-brand-800"
          >
            {name}
            <X aria-hidden className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
