// Kysely queries for a workspace's trades (migration 0035); every one takes the handle it runs on.
import type { Kysely, Transaction } from "kysely";
import type { Database, TradeRow, TradesTable } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export const findTrades = (db: Db, workspaceId: string): Promise<TradeRow[]> =>
  db
    .selectFrom("trades")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("position")
    .orderBy("key")
    .execute();

export const findTrade = (db: Db, workspaceId: string, key: string): Promise<TradeRow | undefined> =>
  db.selectFrom("trades").selectAll().where("workspace_id", "=", workspaceId).where("key", "=", key).executeTakeFirst();

/** Rows already there (a concurrent first change seeded them) are left as they are. */
export async function insertTrades(trx: Transaction<Database>, rows: TradesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("trades")
    .values(rows)
    .onConflict((oc) => oc.columns(["workspace_id", "key"]).doNothing())
    .execute();
}

export const insertTrade = (trx: Transaction<Database>, row: TradesTable) =>
  trx.insertInto("trades").values(row).execute();

export const updateTrade = (
  trx: Transaction<Database>,
  workspaceId: string,
  key: string,
  changes: Partial<Pick<TradesTable, "name" | "name_folded" | "position" | "retired" | "updated_at">>,
) => trx.updateTable("trades").set(changes).where("workspace_id", "=", workspaceId).where("key", "=", key).execute();

export const deleteTrade = (trx: Transaction<Database>, workspaceId: string, key: string) =>
  trx.deleteFrom("trades").where("workspace_id", "=", workspaceId).where("key", "=", key).execute();

/** Whether any live report is filed under the key (the Trash's snapshots are not read). */
export async function isTradeInUse(db: Db, workspaceId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("snagging_reports")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("category", "=", key)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
