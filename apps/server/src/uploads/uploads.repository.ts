// Kysely queries for uploads (decision 0025). Each takes the handle it runs on.
import type { Kysely, Transaction } from "kysely";
import type { Database, UploadPartsTable, UploadsTable } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export const findUpload = (db: Db, workspaceId: string, sha256: string) =>
  db
    .selectFrom("uploads")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "=", sha256)
    .executeTakeFirst();

export const findUploads = (db: Db, workspaceId: string, hashes: readonly string[]) =>
  hashes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("uploads")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("sha256", "in", hashes)
        .execute();

/** True when this call stored the row; false when the workspace already had the hash. */
export async function insertUpload(db: Db, row: UploadsTable): Promise<boolean> {
  const result = await db
    .insertInto("uploads")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "sha256"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Renews the uploads a report names; the first use also ends their time as pending (decision 0048). */
export const touchUploads = (db: Db, workspaceId: string, hashes: readonly string[], now: number) =>
  db
    .updateTable("uploads")
    .set((eb) => ({ last_used_at: now, used_at: eb.fn.coalesce("used_at", eb.val(now)) }))
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "in", hashes)
    .execute();

/**
 * The bytes a workspace holds in staging that no report has taken in: complete uploads not yet
 * named by one, and every piece of unfinished uploads (but those of `except`).
 */
export async function pendingUploadBytes(db: Db, workspaceId: string, except?: string): Promise<number> {
  const uploads = await db
    .selectFrom("uploads")
    .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
    .where("workspace_id", "=", workspaceId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  let parts = db
    .selectFrom("upload_parts")
    .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
    .where("workspace_id", "=", workspaceId);
  if (except !== undefined) parts = parts.where("sha256", "!=", except);
  const held = await parts.executeTakeFirst();
  return Number(uploads?.bytes ?? 0) + Number(held?.bytes ?? 0);
}

/** The pieces received so far of an unfinished upload, without their bytes. */
export const findPartSizes = (db: Db, workspaceId: string, sha256: string) =>
  db
    .selectFrom("upload_parts")
    .select(["start", "size_bytes", "total_bytes"])
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "=", sha256)
    .orderBy("start")
    .execute();

export const findParts = (db: Db, workspaceId: string, sha256: string) =>
  db
    .selectFrom("upload_parts")
    .select(["start", "data"])
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "=", sha256)
    .orderBy("start")
    .execute();

/** Fails on the primary key when another request already wrote a piece at this offset. */
export const insertPart = (db: Db, row: UploadPartsTable) => db.insertInto("upload_parts").values(row).execute();

export const deleteParts = (db: Db, workspaceId: string, sha256: string) =>
  db.deleteFrom("upload_parts").where("workspace_id", "=", workspaceId).where("sha256", "=", sha256).execute();

export const findExpiredUploads = (db: Db, before: number, limit: number) =>
  db
    .selectFrom("uploads")
    .select(["workspace_id", "sha256", "storage_key", "last_used_at"])
    .where("last_used_at", "<", before)
    .orderBy("last_used_at")
    .limit(limit)
    .execute();

/** Deletes the row only if it was not used again since it was read (a report may have just named it). */
export const deleteExpiredUpload = (db: Db, workspaceId: string, sha256: string, before: number) =>
  db
    .deleteFrom("uploads")
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "=", sha256)
    .where("last_used_at", "<", before)
    .executeTakeFirst();

/** Unfinished uploads whose newest piece is older than `before` (the whole upload goes at once). */
export const findStalePartUploads = (db: Db, before: number, limit: number) =>
  db
    .selectFrom("upload_parts")
    .select(["workspace_id", "sha256"])
    .groupBy(["workspace_id", "sha256"])
    .having((eb) => eb.fn.max("created_at"), "<", before)
    .limit(limit)
    .execute();

/** The files of every upload of these workspaces (removed with them: demo expiry). */
export const findUploadKeysOfWorkspaces = async (db: Db, workspaceIds: readonly string[]): Promise<string[]> =>
  workspaceIds.length === 0
    ? []
    : (await db.selectFrom("uploads").select("storage_key").where("workspace_id", "in", workspaceIds).execute()).map(
        (r) => r.storage_key,
      );
