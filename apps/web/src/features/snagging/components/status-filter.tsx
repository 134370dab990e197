import { REPORT_STATUSES, type ReportStatus } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import { STATUS_LABELS } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";

export type StatusFilterValue = ReportStatus | "all";

export const parseStatusFilter = (value: string | null): StatusFilterValue =>
  REPORT_STATUSES.find((s) => s === value) ?? "all";

const OPTIONS: readonly StatusFilterValue[] = ["all", ...REPORT_STATUSES];

/** All / open / in-progress / resolved / closed as a row of toggle buttons, each with its count. */
export function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: StatusFilterValue;
  counts: Record<StatusFilterValue, number>;
  onChange: (value: StatusFilterValue) => void;
}) {
  const t = useT();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t("snagging.list.filterByStatus")}</legend>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {OPTIONS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={clsx(
              "inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors",
              value === option
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {option === "all" ? t("snagging.list.all") : t(STATUS_LABELS[option])}
            <span
              className={clsx(
                "rounded-full px-1.5 text-xs",
                value === option ? "bg-white text-brand-800" : "bg-slate-100 text-slate-600",
              )}
            >
              {counts[option]}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
