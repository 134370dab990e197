// Deleting projects removes their snagging reports and attachment rows in one SQL transaction;
// the files themselves are removed after the commit (a file delete cannot be rolled back, and an
// orphaned file is harmless while a row pointing at a missing file is not).
import type { Transaction } from "kysely";
import { deleteAuditRows, fileKeysOfAudits } from "../audits/audits.repository";
import { releaseAuditsStorage } from "../audits/audits.storage";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { releaseStorage, storedBytesOf } from "../quotas/storage-quota";
import { deleteProjectSheetRows } from "../sheets/sheets.cascade";
import { logFileDeleteFailure } from "../snagging/snagging.files";

export async function deleteProjectsWithFiles(
  ctx: AppContext,
  projectIds: readonly string[],
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    let fileKeys: string[] = [];
    if (projectIds.length > 0) {
      const attachments = await trx
        .selectFrom("attachments")
        .innerJoin("snagging_reports", "snagging_reports.id", "attachments.report_id")
        .select([
          "attachments.storage_key",
          "attachments.thumbnail_key",
          "attachments.workspace_id",
          "attachments.size_bytes",
          "attachments.thumbnail_bytes",
        ])
        .where("snagging_reports.project_id", "in", projectIds)
        .execute();
      for (const workspaceId of new Set(attachments.map((a) => a.workspace_id))) {
        const rows = attachments.filter((a) => a.workspace_id === workspaceId);
        await releaseStorage(trx, workspaceId, storedBytesOf(rows));
      }
      // Comment photos (issue 23) go with their comments, which go with their reports (cascade).
      const commentPhotos = await trx
        .selectFrom("comment_photos")
        .innerJoin("report_comments", "report_comments.id", "comment_photos.comment_id")
        .innerJoin("snagging_reports", "snagging_reports.id", "report_comments.report_id")
        .select([
          "comment_photos.storage_key",
          "comment_photos.thumbnail_key",
          "comment_photos.size_bytes",
          "comment_photos.thumbnail_bytes",
          "snagging_reports.workspace_id",
        ])
        .where("snagging_reports.project_id", "in", projectIds)
        .execute();
      for (const workspaceId of new Set(commentPhotos.map((p) => p.workspace_id))) {
        const rows = commentPhotos.filter((p) => p.workspace_id === workspaceId);
        await releaseStorage(trx, workspaceId, storedBytesOf(rows));
      }
      fileKeys = [...attachments, ...commentPhotos].flatMap((a) =>
        a.thumbnail_key ? [a.storage_key, a.thumbnail_key] : [a.storage_key],
      );
      fileKeys.push(...(await deleteProjectSheetRows(ctx, trx, projectIds)));
      const reportIds = trx.selectFrom("snagging_reports").select("id").where("project_id", "in", projectIds);
      await trx.deleteFrom("attachments").where("report_id", "in", reportIds).execute();
      await trx.deleteFrom("snagging_reports").where("project_id", "in", projectIds).execute();
      // The projects' audits, with their photos, signatures and signed revisions' files.
      const auditIds = (
        await trx.selectFrom("audits").select("id").where("project_id", "in", projectIds).execute()
      ).map((a) => a.id);
      fileKeys = [...fileKeys, ...(await fileKeysOfAudits(trx, auditIds))];
      await releaseAuditsStorage(trx, auditIds);
      await deleteAuditRows(trx, auditIds);
      await trx.deleteFrom("projects").where("id", "in", projectIds).execute();
    }
    if (alsoInTransaction) await alsoInTransaction(trx);
    return fileKeys;
  });
  if (keys.length > 0) {
    await ctx.storage.delete(keys).catch((err: unknown) => logFileDeleteFailure(ctx, err, keys.length));
  }
}
