import { isStandardTradeKey } from "@sitesnag/shared/trade-names";
import { Building2, Droplets, Fan, HardHat, type LucideIcon, PaintRoller, ShieldAlert, Tag, Zap } from "lucide-react";
import { tradeName, useTrades } from "../../trades/api/trades-api";

// SPEC's seven keep their icons; a trade the workspace added gets a neutral one (issue 36).
const ICONS: Record<string, LucideIcon> = {
  safety: ShieldAlert,
  finish: PaintRoller,
  plumbing: Droplets,
  electrical: Zap,
  structural: Building2,
  hvac: Fan,
  other: Tag,
};

/** The category's name in the workspace (its trade), read from the cached list of trades. */
export function useCategoryLabel(): (category: string) => string {
  const trades = useTrades();
  return (category) => tradeName(trades.data, category);
}

/** The category's icon, named for screen readers unless `decorative` (when its label is beside it). */
export function CategoryIcon({
  category,
  className,
  decorative = false,
}: {
  category: string;
  className?: string;
  decorative?: boolean;
}) {
  const label = useCategoryLabel();
  const Icon = (isStandardTradeKey(category) && ICONS[category]) || HardHat;
  return decorative ? (
    <Icon aria-hidden className={className} />
  ) : (
    <Icon role="img" aria-label={`Category: ${label(category)}`} className={className} />
  );
}
