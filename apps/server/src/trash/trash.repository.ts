import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, TrashItemsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertTrashItem(db: Q, row: Insertable<TrashItemsTable>): Promise<void> {
  await db.insertInto("trash_items").values(row).execute();
}

/** The workspace's Trash, most recently deleted first (without the snapshots). */
export const findTrashItems = (db: Q, workspaceId: string) =>
  db
    .selectFrom("trash_items")
    .select(["id", "kind", "item_id", "name", "detail", "project_id", "deleted_by_name", "deleted_at", "purge_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();

export const findTrashItem = (db: Q, workspaceId: string, id: string) =>
  db
    .selectFrom("trash_items")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

/** The project a trashed report belongs to, when that project is itself in the Trash. */
export const findTrashedProject = (db: Q, workspaceId: string, projectId: string) =>
  db
    .selectFrom("trash_items")
    .select(["id", "name"])
    .where("workspace_id", "=", workspaceId)
    .where("kind", "=", "project")
    .where("item_id", "=", projectId)
    .executeTakeFirst();

/** Deletes one item; false when another request restored or purged it first. */
export async function deleteTrashItem(db: Q, id: string): Promise<boolean> {
  const result = await db.deleteFrom("trash_items").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Items past their purge time, a bounded batch at a time. */
export const findExpiredTrash = (db: Q, now: number, limit: number) =>
  db
    .selectFrom("trash_items")
    .select(["id", "workspace_id", "file_keys", "file_bytes"])
    .where("purge_at", "<=", now)
    .limit(limit)
    .execute();

/** The files of every trashed item of these workspaces (a demo sandbox that expires). */
export const findTrashFileKeys = (db: Q, workspaceIds: readonly string[]) =>
  workspaceIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom("trash_items").select("file_keys").where("workspace_id", "in", workspaceIds).execute();
