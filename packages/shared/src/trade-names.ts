// The trades' names and keys without zod (issue 36), so the screens of the first load (the report
// list's cards) can name a category without pulling the schemas in; trades.ts re-exports them.
import { CATEGORIES, type Category } from "./enums";

/** A trade as GET /api/trades answers it (TradeSchema in trades.ts describes the same shape). */
export type TradeShape = { key: string; name: string; order: number; retired: boolean };

/** SPEC §3's seven categories, seeded in every workspace; they cannot be deleted, only retired. */
export const STANDARD_TRADE_KEYS = CATEGORIES;

/** Their names until a workspace renames them. */
export const STANDARD_TRADE_NAMES: Record<Category, string> = {
  safety: "Safety",
  finish: "Finish",
  plumbing: "Plumbing",
  electrical: "Electrical",
  structural: "Structural",
  hvac: "HVAC",
  other: "Other",
};

export const isStandardTradeKey = (key: string): key is Category => (CATEGORIES as readonly string[]).includes(key);

export const MAX_TRADES = 100;
export const MAX_TRADE_NAME = 60;
export const MAX_TRADE_KEY = 40;

/** What a key looks like: lower-case letters, digits and single hyphens (derived from a name). */
export const TRADE_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A key from a name: "Dry-lining & Ceilings" → "dry-lining-ceilings", accents dropped
 * ("Calefacción" → "calefaccion"). A name with no Latin letter or digit becomes "trade"; the
 * server adds "-2", "-3" … when the key is taken in the workspace.
 */
export function tradeKeyFromName(value: string): string {
  const slug = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_TRADE_KEY - 4)
    .replace(/-+$/, "");
  return slug === "" ? "trade" : slug;
}

/** How a category reads where no trade list is at hand: the standard name, else the key. */
export const fallbackTradeName = (key: string): string => (isStandardTradeKey(key) ? STANDARD_TRADE_NAMES[key] : key);

/** The seven as a workspace that never changed its trades has them. */
export const STANDARD_TRADES: TradeShape[] = /* @__PURE__ */ CATEGORIES.map((key, order) => ({
  key,
  name: STANDARD_TRADE_NAMES[key],
  order,
  retired: false,
}));
