// A workspace's trades (issue 36, decision 0052): the categories a report is filed under. Every
// workspace starts with SPEC's seven, which keep their keys so every report and API before trades
// stays valid; a workspace adds its own (Drylining, Joinery …), renames, reorders and retires them.
// A report's `category` is a trade's key: stable for the trade's life, whatever its name becomes.
import { z } from "zod";
import { CATEGORIES, type Category } from "./enums";
import { plainString } from "./text";

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

export const TradeSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Position in the workspace's list, from 0. */
  order: z.number(),
  /** Still shown on the reports filed under it; no longer offered for new ones. */
  retired: z.boolean(),
});
export type Trade = z.infer<typeof TradeSchema>;

export const TradeListSchema = z.object({ trades: z.array(TradeSchema) });
export type TradeList = z.infer<typeof TradeListSchema>;

const name = plainString({ error: "Trade name is required" })
  .trim()
  .min(1, "Trade name is required")
  .max(MAX_TRADE_NAME, `Trade name must be at most ${MAX_TRADE_NAME} characters`);

/** POST /api/trades. */
export const TradeCreateSchema = z.object({ name });
export type TradeCreate = z.output<typeof TradeCreateSchema>;

/** PATCH /api/trades/{key}: any of the three; the key never changes. */
export const TradePatchSchema = z
  .object({
    name: name.optional(),
    order: z
      .number({ error: "Order must be a whole number from 0" })
      .int("Order must be a whole number from 0")
      .min(0, "Order must be a whole number from 0")
      .max(MAX_TRADES, "Order must be a whole number from 0")
      .optional(),
    retired: z.boolean({ error: "Retired must be true or false" }).optional(),
  })
  .refine((v) => v.name !== undefined || v.order !== undefined || v.retired !== undefined, {
    path: ["name"],
    message: "Nothing to change: send a name, an order or retired",
  });
export type TradePatch = z.output<typeof TradePatchSchema>;

/** A report's category as sent: a key's shape only; the server checks it is the workspace's. */
export const CATEGORY_MESSAGE = "Category must be one of your workspace's trades";
export const CategoryKeySchema = z
  .string({ error: CATEGORY_MESSAGE })
  .max(MAX_TRADE_KEY, CATEGORY_MESSAGE)
  .regex(TRADE_KEY_PATTERN, CATEGORY_MESSAGE);

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
export const STANDARD_TRADES: Trade[] = CATEGORIES.map((key, order) => ({
  key,
  name: STANDARD_TRADE_NAMES[key],
  order,
  retired: false,
}));
