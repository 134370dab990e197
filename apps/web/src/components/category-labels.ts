import type { Category } from "@sitesnag/shared/enums";
import type { Message } from "../i18n/i18n";
import { msg } from "../i18n/use-t";

// Apart from the report badges (report-badges.tsx), which a project's page draws too: only the
// snagging screens name a category, and a trade's icon (category-icon.tsx) goes in their shared
// chunk with these names, not in the badges' file (first-load-chunks.ts, first-load budget).
/** A category's name, for every screen that shows one: `t(CATEGORY_LABELS[category])`. */
export const CATEGORY_LABELS: Record<Category, Message> = {
  safety: msg("snagging.category.safety"),
  finish: msg("snagging.category.finish"),
  plumbing: msg("snagging.category.plumbing"),
  electrical: msg("snagging.category.electrical"),
  structural: msg("snagging.category.structural"),
  hvac: msg("snagging.category.hvac"),
  other: msg("snagging.category.other"),
};
