import { isStandardTradeKey, STANDARD_TRADE_NAMES } from "@sitesnag/shared/trade-names";
import type { Trade } from "@sitesnag/shared/trades";
import { useQuery } from "@tanstack/react-query";
import { Building2, Droplets, Fan, type LucideIcon, PaintRoller, ShieldAlert, Tag, Zap } from "lucide-react";
import { CATEGORY_LABELS } from "../../../components/category-labels";
import { useT } from "../../../i18n/use-t";
import { api } from "../../../lib/api-client";
import { capitalise } from "../../../lib/format";

// SPEC's seven keep their icons; a trade the workspace added gets the neutral tag (issue 36), as
// `other` has: another icon here would land in the app's entry chunk, on every route's first load.
const ICONS: Record<string, LucideIcon> = {
  safety: ShieldAlert,
  finish: PaintRoller,
  plumbing: Droplets,
  electrical: Zap,
  structural: Building2,
  hvac: Fan,
  other: Tag,
};

/**
 * The category's name as this reader sees it: one of SPEC's seven the workspace has not renamed in
 * the app's language, a renamed or added trade as the workspace names it (issue 36 with issue 35).
 * The trades come from the cached list: the same query as trades/api/trades-api.ts (same key, same
 * answer), written out here because importing that module would add a chunk to the report list's
 * first load, which is at its budget.
 */
export function useCategoryLabel(): (category: string) => string {
  const t = useT();
  const trades = useQuery({
    queryKey: ["trades"],
    queryFn: async () => (await api<{ trades: Trade[] }>("/trades")).trades,
    staleTime: 5 * 60_000,
  });
  return (category) => {
    const name = trades.data?.find((trade) => trade.key === category)?.name;
    if (isStandardTradeKey(category) && (name === undefined || name === STANDARD_TRADE_NAMES[category])) {
      return t(CATEGORY_LABELS[category]);
    }
    return name ?? capitalise(category);
  };
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
  const t = useT();
  const label = useCategoryLabel();
  const Icon = (Object.hasOwn(ICONS, category) && ICONS[category]) || Tag;
  return decorative ? (
    <Icon aria-hidden className={className} />
  ) : (
    <Icon role="img" aria-label={t("snagging.category.label", { category: label(category) })} className={className} />
  );
}
