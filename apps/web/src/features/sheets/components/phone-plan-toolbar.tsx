import { clsx } from "clsx";
import { ChevronDown, Settings } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";

type Panel = "filters" | "actions";

/**
 * On a phone the plan comes first (issue 33): above it one row of tools, with the filters and the
 * sheet's actions (rename, new revision, delete) each opening under it on demand, the pin count,
 * and Previous / Next pin. Each toggle is a button saying whether its panel is open.
 */
export function PhonePlanToolbar({
  filters,
  actions,
  activeFilters,
  count,
  stepper,
}: {
  filters: ReactNode;
  actions: ReactNode;
  /** How many filters are set, shown on the toggle while its panel is closed. */
  activeFilters: number;
  count: ReactNode;
  stepper: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState<Panel | null>(null);
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
  // Icons already in the shared icons chunk: a new one there is paid for on every screen.
  const chevron = (panel: Panel) => (
    <ChevronDown aria-hidden className={clsx("size-4 transition-transform", open === panel && "rotate-180")} />
  );
  return (
    <div className="mb-3">
      <div className="flex items-center gap-1.5">
        <Button
          variant="secondary"
          className="gap-1 px-2.5"
          aria-expanded={open === "filters"}
          aria-controls="plan-filters"
          onClick={() => toggle("filters")}
        >
          {activeFilters > 0 ? t("plans.filtersActive", { count: activeFilters }) : t("plans.filters")}
          {chevron("filters")}
        </Button>
        <Button
          variant="secondary"
          className="gap-1 px-2.5"
          aria-label={t("plans.sheetActions")}
          aria-expanded={open === "actions"}
          aria-controls="sheet-actions"
          onClick={() => toggle("actions")}
        >
          <Settings aria-hidden className="size-4" />
        </Button>
        <div className="min-w-0 flex-1 truncate text-sm text-slate-600">{count}</div>
        {stepper}
      </div>
      <div id="plan-filters" className={open === "filters" ? "mt-3 flex flex-wrap items-end gap-3" : "hidden"}>
        {filters}
      </div>
      <div id="sheet-actions" className={open === "actions" ? "mt-3 flex flex-wrap gap-2" : "hidden"}>
        {actions}
      </div>
    </div>
  );
}
