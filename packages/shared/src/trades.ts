// A workspace's trades (issue 36, decision 0052): the categories a report is filed under. Every
// workspace starts with SPEC's seven, which keep their keys so every report and API before trades
// stays valid; a workspace adds its own (Drylining, Joinery …), renames, reorders and retires them.
// A report's `category` is a trade's key: stable for the trade's life, whatever its name becomes.
import { z } from "zod";
import { plainString } from "./text";
import { MAX_TRADE_KEY, MAX_TRADE_NAME, MAX_TRADES, TRADE_KEY_PATTERN } from "./trade-names";

export * from "./trade-names";

export const TradeSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    /** Position in the workspace's list, from 0. */
    order: z.number(),
    /** Still shown on the reports filed under it; no longer offered for new ones. */
    retired: z.boolean(),
  })
  .meta({ id: "Trade" });
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
