import type { Category } from "@sitesnag/shared/enums";
import { Building2, Droplets, Fan, type LucideIcon, PaintRoller, ShieldAlert, Tag, Zap } from "lucide-react";
import { CATEGORY_LABELS } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";

const ICONS: Record<Category, LucideIcon> = {
  safety: ShieldAlert,
  finish: PaintRoller,
  plumbing: Droplets,
  electrical: Zap,
  structural: Building2,
  hvac: Fan,
  other: Tag,
};

/** The category's icon, named for screen readers unless `decorative` (when its label is beside it). */
export function CategoryIcon({
  category,
  className,
  decorative = false,
}: {
  category: Category;
  className?: string;
  decorative?: boolean;
}) {
  const t = useT();
  const Icon = ICONS[category];
  return decorative ? (
    <Icon aria-hidden className={className} />
  ) : (
    <Icon
      role="img"
      aria-label={t("snagging.category.label", { category: t(CATEGORY_LABELS[category]) })}
      className={className}
    />
  );
}
