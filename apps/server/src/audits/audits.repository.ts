import type { CursorKey } from "@sitesnag/shared/pagination";
import type { Kysely, Transaction, Updateable } from "kysely";
import { afterCursor } from "../db/keyset";
import type {
  AuditAnswerHistoryTable,
  AuditAnswerRow,
  AuditPhotoRow,
  AuditRevisionsTable,
  AuditRow,
  AuditsTable,
  Database,
} from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export type AuditFilters = {
  projectId?: string | undefined;
  status?: AuditRow["status"] | undefined;
  auditorId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  clientId?: string | undefined;
};

/** A list row: the audit and its project's name. */
export type AuditListRow = AuditRow & { project_name: string };

export const findAuditsPage = (
  db: Q,
  workspaceId: string,
  filters: AuditFilters,
  after: CursorKey | undefined,
  size: number,
): Promise<AuditListRow[]> => {
  let q = db
    .selectFrom("audits")
    .innerJoin("projects", "projects.id", "audits.project_id")
    .selectAll("audits")
    .select("projects.name as project_name")
    .where("audits.workspace_id", "=", workspaceId);
  if (filters.projectId) q = q.where("audits.project_id", "=", filters.projectId);
  if (filters.status) q = q.where("audits.status", "=", filters.status);
  if (filters.auditorId) q = q.where("audits.auditor_id", "=", filters.auditorId);
  if (filters.from !== undefined) q = q.where("audits.audit_date", ">=", filters.from);
  if (filters.to !== undefined) q = q.where("audits.audit_date", "<=", filters.to);
  if (filters.clientId) q = q.where("audits.client_id", "=", filters.clientId);
  if (after) q = q.where(afterCursor("audits.created_at", "audits.id", after));
  return q
    .orderBy("audits.created_at", "desc")
    .orderBy("audits.id", "desc")
    .limit(size + 1)
    .execute();
};

export const findAudit = (db: Q, workspaceId: string, id: string): Promise<AuditListRow | undefined> =>
  db
    .selectFrom("audits")
    .innerJoin("projects", "projects.id", "audits.project_id")
    .selectAll("audits")
    .select("projects.name as project_name")
    .where("audits.workspace_id", "=", workspaceId)
    .where("audits.id", "=", id)
    .executeTakeFirst();

export const findAuditByClientId = (db: Q, workspaceId: string, clientId: string) =>
  db
    .selectFrom("audits")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();

export const countAudits = async (db: Q, workspaceId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom("audits")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function insertAudit(db: Q, row: AuditRow): Promise<void> {
  await db.insertInto("audits").values(row).execute();
}

/** Changes an audit only while it is a draft at `revision` (a concurrent completion or revision wins). */
export async function updateDraft(
  db: Q,
  id: string,
  revision: number,
  changes: Updateable<AuditsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("audits")
    .set(changes)
    .where("id", "=", id)
    .where("revision", "=", revision)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reopens a completed audit at `revision` as the draft of the next one (false: someone else did). */
export async function reopenAsRevision(
  db: Q,
  id: string,
  revision: number,
  changes: Updateable<AuditsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("audits")
    .set({ ...changes, revision: revision + 1, status: "draft" })
    .where("id", "=", id)
    .where("revision", "=", revision)
    .where("status", "=", "completed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findAnswers = (db: Q, auditId: string): Promise<AuditAnswerRow[]> =>
  db.selectFrom("audit_answers").selectAll().where("audit_id", "=", auditId).execute();

export async function upsertAnswer(db: Q, row: AuditAnswerRow, exists: boolean): Promise<void> {
  if (exists) {
    const { audit_id, item_id, ...changes } = row;
    await db
      .updateTable("audit_answers")
      .set(changes)
      .where("audit_id", "=", audit_id)
      .where("item_id", "=", item_id)
      .execute();
  } else {
    await db.insertInto("audit_answers").values(row).execute();
  }
}

export async function insertHistory(db: Q, rows: AuditAnswerHistoryTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("audit_answer_history").values(rows).execute();
}

export const findHistory = (db: Q, auditId: string) =>
  db
    .selectFrom("audit_answer_history")
    .selectAll()
    .where("audit_id", "=", auditId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();

export const findPhotos = (db: Q, auditId: string): Promise<AuditPhotoRow[]> =>
  db
    .selectFrom("audit_photos")
    .selectAll()
    .where("audit_id", "=", auditId)
    .orderBy("item_id")
    .orderBy("position")
    .execute();

export async function insertPhotos(db: Q, rows: AuditPhotoRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("audit_photos").values(rows).execute();
}

export async function deletePhoto(db: Q, auditId: string, photoId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("audit_photos")
    .where("audit_id", "=", auditId)
    .where("id", "=", photoId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export const findRevisions = (db: Q, auditId: string) =>
  db
    .selectFrom("audit_revisions")
    .select(["revision", "completed_at", "snapshot", "file_keys"])
    .where("audit_id", "=", auditId)
    .orderBy("revision")
    .execute();

export async function insertRevision(db: Q, row: AuditRevisionsTable): Promise<void> {
  await db.insertInto("audit_revisions").values(row).execute();
}

/** Every stored file of these audits (photos, signatures, files kept for signed revisions). */
export async function fileKeysOfAudits(db: Q, auditIds: readonly string[]): Promise<string[]> {
  if (auditIds.length === 0) return [];
  const [photos, audits, revisions] = await Promise.all([
    db.selectFrom("audit_photos").select(["storage_key", "thumbnail_key"]).where("audit_id", "in", auditIds).execute(),
    db
      .selectFrom("audits")
      .select(["auditor_signature_key", "site_rep_signature_key"])
      .where("id", "in", auditIds)
      .execute(),
    db.selectFrom("audit_revisions").select("file_keys").where("audit_id", "in", auditIds).execute(),
  ]);
  const keys = [
    ...photos.flatMap((p) => [p.storage_key, p.thumbnail_key]),
    ...audits.flatMap((a) => [a.auditor_signature_key, a.site_rep_signature_key]),
    ...revisions.flatMap((r) => JSON.parse(r.file_keys) as string[]),
  ];
  return [...new Set(keys.filter((k): k is string => typeof k === "string" && k !== ""))];
}

export async function deleteAuditRows(db: Q, auditIds: readonly string[]): Promise<void> {
  if (auditIds.length === 0) return;
  // Children first: SQLite and PostgreSQL cascade too, but explicit deletes keep the order clear.
  for (const table of ["audit_revisions", "audit_answer_history", "audit_photos", "audit_answers"] as const) {
    await db.deleteFrom(table).where("audit_id", "in", auditIds).execute();
  }
  await db.deleteFrom("audits").where("id", "in", auditIds).execute();
}
