// Removes uploads nobody uses (decision 0025): a complete upload UPLOAD_RETENTION_HOURS after it
// was sent or last named by a report (a report keeps its own processed copy, so nothing a report
// shows goes), and an unfinished upload that many hours after its last piece arrived. The row goes
// first, only if it was not used meanwhile, and its file after: a report naming the hash at the same
// moment either renewed it (kept) or finds it gone (answered as unknown), never half-removed.
import { UPLOAD_RETENTION_HOURS } from "@sitesnag/shared/uploads";
import type { AppContext } from "../context";
import { nowSeconds } from "../time";
import { deleteExpiredUpload, deleteParts, findExpiredUploads, findStalePartUploads } from "./uploads.repository";

const BATCH = 200;
/** How often each instance runs the collector. */
export const UPLOAD_GC_INTERVAL_MS = 60 * 60 * 1000;

export async function collectUploads(
  ctx: AppContext,
  now = nowSeconds(),
): Promise<{ uploads: number; unfinished: number }> {
  const before = now - UPLOAD_RETENTION_HOURS * 3600;
  let uploads = 0;
  for (;;) {
    const expired = await findExpiredUploads(ctx.db, before, BATCH);
    for (const row of expired) {
      const deleted = await deleteExpiredUpload(ctx.db, row.workspace_id, row.sha256, before);
      if (Number(deleted.numDeletedRows) === 0) continue;
      uploads += 1;
      await ctx.storage
        .delete([row.storage_key])
        .catch((err: unknown) => ctx.log.warn({ err, key: row.storage_key }, "could not delete an upload's file"));
    }
    if (expired.length < BATCH) break;
  }
  let unfinished = 0;
  for (;;) {
    const stale = await findStalePartUploads(ctx.db, before, BATCH);
    for (const upload of stale) await deleteParts(ctx.db, upload.workspace_id, upload.sha256);
    unfinished += stale.length;
    if (stale.length < BATCH) break;
  }
  return { uploads, unfinished };
}

/** Runs the collector every hour on this instance until the app closes. */
export function scheduleUploadCollection(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    collectUploads(ctx).catch((err: unknown) => ctx.log.warn({ err }, "upload collection failed"));
  }, UPLOAD_GC_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
