// A workspace's trades (issue 36, decision 0052). Guarantees:
// - A workspace with no row has SPEC's seven, unchanged: reads answer them, and the first change
//   writes the seven and the change in one transaction (a concurrent first change seeds them once).
// - The seven are never deleted (only retired), so once written they stay; a missing standard
//   key therefore always means "never changed", which is what `requireOfferedTrade` relies on.
// - A key is derived from the name when the trade is made and never changes; names are unique
//   in a workspace whatever their case.
// - Everyone in the workspace reads; the owner manages (SPEC's roles: owner and member).
import {
  CATEGORY_MESSAGE,
  isStandardTradeKey,
  MAX_TRADE_KEY,
  MAX_TRADES,
  STANDARD_TRADES,
  TRADE_KEY_PATTERN,
  type Trade,
  type TradeCreate,
  type TradePatch,
  tradeKeyFromName,
} from "@sitesnag/shared/trades";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, TradeRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { nowSeconds } from "../time";
import { presentTrade } from "./trades.presenter";
import {
  deleteTrade,
  findTrade,
  findTrades,
  insertTrade,
  insertTrades,
  isTradeInUse,
  updateTrade,
} from "./trades.repository";

export const TRADE_NAME_TAKEN = "A trade with this name already exists";
export const TRADE_RETIRED = "This trade is retired: choose another one";

const fold = (name: string) => name.toLocaleLowerCase("en");

function requireManager(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden("Only the workspace owner can manage trades");
}

/** GET /api/trades: the workspace's trades in their order, retired ones included. */
export async function listTrades(ctx: AppContext, user: UserRow): Promise<Trade[]> {
  const rows = await findTrades(ctx.db, user.workspace_id);
  return rows.length === 0 ? STANDARD_TRADES : rows.map(presentTrade);
}

/** Key → name in the workspace's order, for the places that print a category (CSV, PDFs). */
export async function tradeNames(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
): Promise<Map<string, string>> {
  const rows = await findTrades(db, workspaceId);
  return new Map(rows.length === 0 ? STANDARD_TRADES.map((t) => [t.key, t.name]) : rows.map((r) => [r.key, r.name]));
}

/**
 * A category named for a new report (or changed on an existing one): a trade of the caller's
 * workspace that is not retired. An unknown key reads the same as another workspace's.
 */
export async function requireOfferedTrade(ctx: AppContext, workspaceId: string, key: string): Promise<void> {
  const row = await findTrade(ctx.db, workspaceId, key);
  if (row?.retired === 1) throw badRequest(TRADE_RETIRED, { category: [TRADE_RETIRED] });
  if (!row && !isStandardTradeKey(key)) throw badRequest(CATEGORY_MESSAGE, { category: [CATEGORY_MESSAGE] });
}

/** The workspace's first active trade: what a new report without a category gets when `other` is retired. */
export async function defaultTradeKey(ctx: AppContext, workspaceId: string): Promise<string> {
  const rows = await findTrades(ctx.db, workspaceId);
  const other = rows.find((r) => r.key === "other");
  if (rows.length === 0 || other?.retired === 0) return "other";
  return rows.find((r) => r.retired === 0)?.key ?? "other";
}

/** The trades in order inside `trx`, writing SPEC's seven first when the workspace has none. */
async function seededTrades(trx: Transaction<Database>, workspaceId: string, now: number): Promise<TradeRow[]> {
  const rows = await findTrades(trx, workspaceId);
  if (rows.length > 0) return rows;
  await insertTrades(
    trx,
    STANDARD_TRADES.map((t) => ({
      workspace_id: workspaceId,
      key: t.key,
      name: t.name,
      name_folded: fold(t.name),
      position: t.order,
      retired: 0,
      created_at: now,
      updated_at: now,
    })),
  );
  return findTrades(trx, workspaceId);
}

function freeKey(name: string, taken: ReadonlySet<string>): string {
  const base = tradeKeyFromName(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const key = `${base}-${n}`.slice(0, MAX_TRADE_KEY);
    if (!taken.has(key)) return key;
  }
}

function requireFreeName(rows: TradeRow[], name: string, exceptKey?: string): void {
  if (rows.some((r) => r.key !== exceptKey && r.name_folded === fold(name))) throw conflict(TRADE_NAME_TAKEN);
}

/** A name clash lost to a concurrent request is the same 409 as one seen before writing. */
async function nameClashAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const violated = uniqueViolation(err);
    if (violated !== null && /name/.test(violated)) throw conflict(TRADE_NAME_TAKEN);
    throw err;
  }
}

/** POST /api/trades: a new trade at the end of the list. */
export async function createTrade(ctx: AppContext, user: UserRow, input: TradeCreate): Promise<Trade> {
  requireManager(user);
  return nameClashAsConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      const now = nowSeconds();
      const rows = await seededTrades(trx, user.workspace_id, now);
      if (rows.length >= MAX_TRADES) throw conflict(`A workspace can have at most ${MAX_TRADES} trades`);
      requireFreeName(rows, input.name);
      const row: TradeRow = {
        workspace_id: user.workspace_id,
        key: freeKey(input.name, new Set(rows.map((r) => r.key))),
        name: input.name,
        name_folded: fold(input.name),
        position: rows.length,
        retired: 0,
        created_at: now,
        updated_at: now,
      };
      await insertTrade(trx, row);
      return presentTrade(row);
    }),
  );
}

const requireKey = (key: string) => {
  if (!TRADE_KEY_PATTERN.test(key)) throw notFound("Trade");
};

/** PATCH /api/trades/{key}: rename, move to `order` (the others close up), retire or restore. */
export async function editTrade(ctx: AppContext, user: UserRow, key: string, patch: TradePatch): Promise<Trade> {
  requireManager(user);
  requireKey(key);
  return nameClashAsConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      const now = nowSeconds();
      const rows = await seededTrades(trx, user.workspace_id, now);
      const row = rows.find((r) => r.key === key);
      if (!row) throw notFound("Trade");
      const changes: Parameters<typeof updateTrade>[3] = { updated_at: now };
      if (patch.name !== undefined) {
        requireFreeName(rows, patch.name, key);
        Object.assign(changes, { name: patch.name, name_folded: fold(patch.name) });
      }
      if (patch.retired !== undefined) {
        const othersActive = rows.some((r) => r.key !== key && r.retired === 0);
        if (patch.retired && !othersActive) throw conflict("Keep at least one trade that is not retired");
        changes.retired = patch.retired ? 1 : 0;
      }
      let position = row.position;
      if (patch.order !== undefined) {
        const others = rows.filter((r) => r.key !== key);
        position = Math.min(patch.order, others.length);
        others.splice(position, 0, row);
        for (const [index, other] of others.entries()) {
          if (other.key !== key && other.position !== index) {
            await updateTrade(trx, user.workspace_id, other.key, { position: index });
          }
        }
        changes.position = position;
      }
      await updateTrade(trx, user.workspace_id, key, changes);
      return presentTrade({ ...row, ...changes, position });
    }),
  );
}

/**
 * DELETE /api/trades/{key}: only a trade the workspace added and no report is filed under; a
 * standard one or one in use is refused with the way out (retire it), and nothing changes.
 */
export async function removeTrade(ctx: AppContext, user: UserRow, key: string): Promise<void> {
  requireManager(user);
  requireKey(key);
  if (isStandardTradeKey(key)) throw conflict("A standard trade cannot be deleted: retire it instead");
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await findTrades(trx, user.workspace_id);
    if (!rows.some((r) => r.key === key)) throw notFound("Trade");
    if (await isTradeInUse(trx, user.workspace_id, key)) {
      throw conflict("Reports are filed under this trade: retire it instead, so they keep it");
    }
    await deleteTrade(trx, user.workspace_id, key);
    for (const [index, other] of rows.filter((r) => r.key !== key).entries()) {
      if (other.position !== index) await updateTrade(trx, user.workspace_id, other.key, { position: index });
    }
  });
}
