// The Trash. Guarantees:
// - Deleting a project (owner only) or a report moves its rows out of the live tables into one
//   trash_items row, in the deleting transaction: from that commit on, no list, count, search,
//   CSV, dashboard figure or sync answer can show it, because none of them reads the Trash.
// - Its photo and drawing files stay in storage while it is in the Trash (not served: GET /files/ answers 404
//   for them until restore), and so does their charge on the
//   workspace's storage quota (released at purge: deleting cannot make room for more files than
//   the quota while the old ones are still on disk); restoring puts every row back with the same
//   ids, so references, photo URLs and offline clients' ids still hold.
// - After TRASH_DAYS the hourly clean-up (main.ts, as demo sandboxes expire) purges it: the row
//   first, the files after the commit (an orphan file is harmless, a row naming a gone file not).
// - Anyone in the workspace sees its Trash and restores reports; only the owner restores projects.
// - The owner can delete an item for good before its time (purgeTrashItem): the same purge, now.
import { toLocale } from "@sitesnag/shared/i18n/locales";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { TRASH_DAYS, type TrashList } from "@sitesnag/shared/trash";
import type { Transaction } from "kysely";
import { recordReportsRestored } from "../activity/activity.writer";
import type { AppContext } from "../context";
import type { Database, ProjectRow, ReportRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { recordLiveEvent, userActor } from "../events/events.writer";
import { conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { releaseStorage } from "../quotas/storage-quota";
import { listRestoredUnmeasured, measureUnmeasuredFiles } from "../quotas/unmeasured-files";
import { deleteFilesQuietly } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { presentTrashItem } from "./trash.presenter";
import {
  deleteTrashItem,
  findExpiredTrash,
  findTrashedProject,
  findTrashFileKeys,
  findTrashItem,
  findTrashItems,
  insertTrashItem,
} from "./trash.repository";
import { putBack, type Snapshot, takeProject, takeReport } from "./trash.snapshot";

const DAY_SECONDS = 86_400;
const PURGE_BATCH = 100;

const nameOf = (user: UserRow) => `${user.first_name} ${user.last_name}`.trim() || user.email;

export function requireProjectOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden("Only the workspace owner can delete or restore projects");
}

/** Moves a project and all its reports to the Trash (the caller checked it is the user's). */
export async function trashProject(
  ctx: Pick<AppContext, "storage">,
  trx: Transaction<Database>,
  user: UserRow,
  project: ProjectRow,
): Promise<void> {
  const { snapshot, fileKeys, fileBytes, reportCount } = await takeProject(ctx, trx, user.workspace_id, project.id);
  const now = nowSeconds();
  await insertTrashItem(
    trx,
    {
      id: newId(),
      workspace_id: user.workspace_id,
      kind: "project",
      item_id: project.id,
      name: project.name,
      detail: `${reportCount} ${reportCount === 1 ? "report" : "reports"}`,
      project_id: null,
      deleted_by: user.id,
      deleted_by_name: nameOf(user),
      deleted_at: now,
      purge_at: now + TRASH_DAYS * DAY_SECONDS,
      snapshot: JSON.stringify(snapshot),
      file_keys: JSON.stringify(fileKeys),
      file_bytes: fileBytes,
    },
    fileKeys,
  );
}

/** Moves one report (and its photos' rows) to the Trash. */
export async function trashReport(trx: Transaction<Database>, user: UserRow, report: ReportRow): Promise<void> {
  const project = await trx
    .selectFrom("projects")
    .select("name")
    .where("id", "=", report.project_id)
    .executeTakeFirst();
  const { snapshot, fileKeys, fileBytes } = await takeReport(trx, user.workspace_id, report.id);
  const now = nowSeconds();
  await insertTrashItem(
    trx,
    {
      id: newId(),
      workspace_id: user.workspace_id,
      kind: "report",
      item_id: report.id,
      name: report.title,
      detail: project?.name ?? "",
      project_id: report.project_id,
      deleted_by: user.id,
      deleted_by_name: nameOf(user),
      deleted_at: now,
      purge_at: now + TRASH_DAYS * DAY_SECONDS,
      snapshot: JSON.stringify(snapshot),
      file_keys: JSON.stringify(fileKeys),
      file_bytes: fileBytes,
    },
    fileKeys,
  );
}

export async function listTrash(ctx: AppContext, user: UserRow): Promise<TrashList> {
  const locale = toLocale(user.locale);
  return { items: (await findTrashItems(ctx.db, user.workspace_id)).map((row) => presentTrashItem(row, locale)) };
}

/** Puts a trashed item back where it was; the Trash entry goes in the same transaction. */
export async function restoreTrashItem(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<{ kind: "project" | "report"; id: string }> {
  const item = UUID_PATTERN.test(id) ? await findTrashItem(ctx.db, user.workspace_id, id) : undefined;
  if (!item) throw notFound("Trash item");
  if (item.kind === "project") requireProjectOwner(user);
  if (item.kind === "report" && item.project_id) {
    const project = await ctx.db
      .selectFrom("projects")
      .select("id")
      .where("workspace_id", "=", user.workspace_id)
      .where("id", "=", item.project_id)
      .executeTakeFirst();
    if (!project) {
      const trashed = await findTrashedProject(ctx.db, user.workspace_id, item.project_id);
      throw conflict(
        trashed
          ? `Restore the project “${trashed.name}” first: this report belongs to it.`
          : "This report's project was deleted for good, so the report cannot be restored.",
      );
    }
  }
  let unmeasured = 0;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Another request restored it a moment ago: nothing to put back twice.
      if (!(await deleteTrashItem(trx, item.id))) throw notFound("Trash item");
      const snapshot = JSON.parse(item.snapshot) as Snapshot;
      await putBack(trx, snapshot);
      unmeasured = await listRestoredUnmeasured(trx, snapshot);
      await recordReportsRestored(
        trx,
        snapshot.snagging_reports.map((r) => ({ id: String(r.id), workspace_id: user.workspace_id })),
        { actor: user, now: nowSeconds() },
      );
      if (item.kind === "project")
        await recordLiveEvent(trx, {
          workspaceId: user.workspace_id,
          type: "project.restored",
          subjectId: item.item_id,
          actor: userActor(user),
          data: { projectId: item.item_id },
        });
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) {
      throw conflict("Something with the same reference exists again, so this cannot be restored.");
    }
    throw err;
  }
  // Files trashed before their size was ever recorded are measured now, in the background
  // (decision 0042); a failure leaves them listed for the next start.
  if (unmeasured > 0) {
    measureUnmeasuredFiles(ctx).catch((err: unknown) =>
      ctx.log.warn({ err }, "measuring restored files failed; tried again at the next start"),
    );
  }
  return { kind: item.kind, id: item.item_id };
}

type Purgeable = { id: string; workspace_id: string; file_keys: string; file_bytes: number };

/**
 * Deletes one item for good: its row (and the storage it held, decision 0019) in one transaction,
 * its files after the commit. False when another request restored or purged it first, which then
 * releases and deletes nothing.
 */
async function purge(ctx: AppContext, item: Purgeable): Promise<boolean> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTrashItem(trx, item.id))) return false;
    await releaseStorage(trx, item.workspace_id, Number(item.file_bytes));
    return true;
  });
  if (deleted) await deleteFilesQuietly(ctx, JSON.parse(item.file_keys) as string[]);
  return deleted;
}

/**
 * DELETE /api/trash/{id}: the owner deletes an item for good now instead of in 30 days. Repeating
 * it (or racing the hourly purge) purges once: the second finds no item and answers 404.
 */
export async function purgeTrashItem(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (user.workspace_role !== "owner") throw forbidden("Only the workspace owner can delete items for good");
  const item = UUID_PATTERN.test(id) ? await findTrashItem(ctx.db, user.workspace_id, id) : undefined;
  if (!item || !(await purge(ctx, item))) throw notFound("Trash item");
}

/** The hourly clean-up: items past their 30 days are deleted for good, their files after the commit. */
export async function purgeExpiredTrash(ctx: AppContext, now = nowSeconds()): Promise<number> {
  let purged = 0;
  for (;;) {
    const expired = await findExpiredTrash(ctx.db, now, PURGE_BATCH);
    if (expired.length === 0) return purged;
    for (const item of expired) if (await purge(ctx, item)) purged += 1;
    if (expired.length < PURGE_BATCH) return purged;
  }
}

/** The files of these workspaces' trashed items (their rows go with the workspaces). */
export async function trashFilesOfWorkspaces(ctx: AppContext, workspaceIds: readonly string[]): Promise<string[]> {
  return (await findTrashFileKeys(ctx.db, workspaceIds)).flatMap((row) => JSON.parse(row.file_keys) as string[]);
}
