import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";

/**
 * "Previous pin" / "Next pin": every pin in reading order from the keyboard (decision 0037), and the
 * status line naming the pin brought into view. `compact` (a phone): the same buttons as icons with
 * the same names, and the line is announced but not shown, since the pin's card shows the snag.
 */
export function PinStepper({
  at,
  total,
  title,
  onStep,
  compact = false,
}: {
  /** The selected pin's place in reading order, or -1. */
  at: number;
  total: number;
  title: string | undefined;
  onStep: (by: 1 | -1) => void;
  compact?: boolean;
}) {
  const t = useT();
  const iconOnly = compact ? "px-2.5" : undefined;
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="secondary"
        className={iconOnly}
        aria-label={compact ? t("plans.previousPin") : undefined}
        onClick={() => onStep(-1)}
      >
        <ChevronLeft aria-hidden className="size-4" />
        {!compact && t("plans.previousPin")}
      </Button>
      <Button
        variant="secondary"
        className={iconOnly}
        aria-label={compact ? t("plans.nextPin") : undefined}
        onClick={() => onStep(1)}
      >
        {!compact && t("plans.nextPin")}
        <ChevronRight aria-hidden className="size-4" />
      </Button>
      <p className={compact ? "sr-only" : "px-1 text-sm text-slate-600"} role="status">
        {at >= 0 ? t("plans.pinOf", { n: at + 1, total, title: title ?? "" }) : ""}
      </p>
    </div>
  );
}
