// A .bcfzip from a BIM tool into a project, all or nothing (issue 38, decision 0074):
// 1. the archive is read and every check made (bcf.read.ts) before anything is written;
// 2. each new snapshot goes through the photo pipeline and is stored under a fresh key;
// 3. one transaction creates or updates the reports (by topic GUID: the GUID an earlier import
//    kept, or the id of a report this project exported), adds each comment once (by comment GUID),
//    records their history and charges the storage quota;
// 4. if the transaction fails, the files of step 2 are deleted again (after the failure, as
//    projects.cascade.ts deletes after a commit): a refused or failed import leaves nothing.
// An import notifies nobody: a few thousand topics must not become a few thousand e-mails.
import type { BcfImportResult } from "@sitesnag/shared/bcf";
import { MAX_COMMENT_LENGTH } from "@sitesnag/shared/comments";
import { generateReference, isValidReference } from "@sitesnag/shared/reference";
import type { Transaction } from "kysely";
import { type ActivityContext, recordComment, recordCreated, recordEdit } from "../activity/activity.writer";
import { insertComment } from "../comments/comments.repository";
import type { AppContext } from "../context";
import type { AttachmentRow, Database, ProjectRow, ReportRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, conflict } from "../http/errors";
import { newId } from "../ids";
import { assertStorageRoom, chargeStorage, storedBytesOf } from "../quotas/storage-quota";
import { discardFilesOfFailedWrite, fileKeysOf, photoBytesOf, storePhotos } from "../snagging/snagging.files";
import {
  insertAttachments,
  insertReport,
  isTitleTaken,
  updateReport,
  withMilestones,
} from "../snagging/snagging.repository";
import type { UploadedPhoto } from "../snagging/snagging.uploads";
import { nowSeconds } from "../time";
import { Semaphore } from "../workers/semaphore";
import { requireBcfProject } from "./bcf.access";
import { type ReadArchive, type ReadTopic, readBcfArchive } from "./bcf.read";
import { findCommentGuids, findPhotoHashes, findReportsByGuid } from "./bcf.repository";
import { CHANGED_FIELDS, fieldsOf, lookupsOf } from "./bcf.topic-fields";

const MAX_TITLE_DRAWS = 25;

type Prepared = { topic: ReadTopic; existing: ReportRow | undefined; photo: UploadedPhoto | null };

async function pickReference(
  trx: Transaction<Database>,
  workspaceId: string,
  wanted: string,
  taken: Set<string>,
  now: number,
) {
  if (isValidReference(wanted) && !taken.has(wanted) && !(await isTitleTaken(trx, workspaceId, wanted))) return wanted;
  for (let i = 0; i < MAX_TITLE_DRAWS; i += 1) {
    const title = generateReference(new Date(now * 1000));
    if (!taken.has(title) && !(await isTitleTaken(trx, workspaceId, title))) return title;
  }
  throw conflict("Could not allocate free reference numbers for every topic today. Please try again.");
}

/** POST /api/projects/{id}/bcf */
export async function importBcf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  read: () => Promise<Buffer>,
): Promise<BcfImportResult> {
  // The project first: another workspace's answers 404 before its upload is read.
  const project = await requireBcfProject(ctx, user, projectId);
  const bytes = await read();
  // One archive unpacked at a time per instance: its files (up to 512 MB) are held until it is
  // written; other imports wait holding only their upload.
  return UNPACKING.run(() => importArchive(ctx, user, project, readBcfArchive(bytes)));
}

const UNPACKING = new Semaphore(1);

async function importArchive(
  ctx: AppContext,
  user: UserRow,
  project: ProjectRow,
  archive: ReadArchive,
): Promise<BcfImportResult> {
  const lookups = await lookupsOf(ctx, user.workspace_id, project.id);
  const existing = await findReportsByGuid(
    ctx.db,
    project.id,
    archive.topics.map((t) => t.guid),
  );
  const byGuid = new Map(existing.map((r) => [(r.bcf_guid ?? r.id).toLowerCase(), r]));
  const existingPhotos = await findPhotoHashes(
    ctx.db,
    existing.map((r) => r.id),
  );
  // A snapshot is known by its bytes, or, for one this project exported, by its viewpoint's GUID
  // (the photo's id): the PNG made from a photo never has the photo's bytes.
  const knownPhotos = new Set(existingPhotos.flatMap((p) => [`${p.report_id}:${p.sha256}`, `${p.report_id}:${p.id}`]));
  const positions = new Map<string, number>();
  for (const p of existingPhotos)
    positions.set(p.report_id, Math.max(positions.get(p.report_id) ?? -1, Number(p.position)));

  // Snapshots through the photo pipeline (one at a time: the pool is shared with every upload).
  const prepared: Prepared[] = [];
  for (const topic of archive.topics) {
    const report = byGuid.get(topic.guid);
    let photo: UploadedPhoto | null = null;
    // A snag made here coming back (named by its id) keeps its photos: its snapshot was made from
    // one of them or from its plan.
    const isOwn = report !== undefined && report.bcf_guid === null;
    const viewpoint = topic.snapshot?.viewpoint;
    if (topic.snapshot && !isOwn && !(report && viewpoint && knownPhotos.has(`${report.id}:${viewpoint}`))) {
      try {
        const processed = await ctx.photos.process(topic.snapshot.bytes, topic.snapshot.name);
        photo = { ...processed, originalName: topic.snapshot.name, sourceSha256: processed.sha256 };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 503) throw err;
        throw new AppError(
          400,
          `The BCF archive is refused: the snapshot of topic ${topic.guid} is not a readable image.`,
        );
      }
      if (report && knownPhotos.has(`${report.id}:${photo.sha256}`)) photo = null;
    }
    prepared.push({ topic, existing: report, photo });
  }

  const now = nowSeconds();
  const photos = prepared.flatMap((p) => (p.photo ? [p.photo] : []));
  await assertStorageRoom(ctx, user.workspace_id, photoBytesOf(photos));
  // Files first, under fresh keys; their rows commit below or the files are deleted again.
  const stored = new Map<ReadTopic, AttachmentRow>();
  const storedRows: AttachmentRow[] = [];
  const ids = new Map<ReadTopic, string>();
  try {
    for (const p of prepared) {
      const reportId = p.existing?.id ?? newId();
      ids.set(p.topic, reportId);
      if (!p.photo) continue;
      const first = p.existing ? (positions.get(p.existing.id) ?? -1) + 1 : 0;
      const [row] = await storePhotos(ctx, [p.photo], {
        reportId,
        workspaceId: user.workspace_id,
        firstPosition: first,
        now,
      });
      if (row) {
        stored.set(p.topic, row);
        storedRows.push(row);
      }
    }
  } catch (err) {
    await discardFilesOfFailedWrite(ctx, fileKeysOf(storedRows), err);
    throw err;
  }

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const activity: ActivityContext = { actor: user, now };
      const result: BcfImportResult = { created: 0, updated: 0, comments: 0, photos: storedRows.length };
      const taken = new Set<string>();
      const comments = await findCommentGuids(
        trx,
        existing.map((r) => r.id),
      );
      const commentKeys = new Set(comments.map((c) => `${c.report_id}:${(c.bcf_guid ?? c.id).toLowerCase()}`));
      for (const p of prepared) {
        const reportId = ids.get(p.topic) as string;
        const fields = fieldsOf(p.topic, lookups);
        const attachment = stored.get(p.topic);
        let report: ReportRow;
        if (!p.existing) {
          const title = await pickReference(trx, user.workspace_id, p.topic.title.trim(), taken, now);
          taken.add(title);
          const createdAt = Math.min(p.topic.createdAt ?? now, now);
          const row = {
            id: reportId,
            workspace_id: user.workspace_id,
            project_id: project.id,
            title,
            ...fields,
            created_by: user.id,
            location_lat: null,
            location_lng: null,
            page_url: null,
            bcf_guid: p.topic.guid,
            created_at: createdAt,
            updated_at: now,
          };
          await insertReport(trx, row);
          report = { ...withMilestones(row), sheet_id: null, pin_x: null, pin_y: null, version: 1, rejection_count: 0 };
          if (attachment) await insertAttachments(trx, [attachment]);
          await recordCreated(trx, report, attachment ? [attachment.original_name] : [], activity);
          result.created += 1;
        } else {
          const before = p.existing;
          const changes = Object.fromEntries(
            CHANGED_FIELDS.filter((f) => before[f] !== fields[f]).map((f) => [f, fields[f]]),
          ) as Partial<ReportRow>;
          report = before;
          if (attachment) await insertAttachments(trx, [attachment]);
          if (Object.keys(changes).length > 0 || attachment) {
            await updateReport(trx, user.workspace_id, before.id, { ...changes, updated_at: now });
            report = { ...before, ...changes, updated_at: now, version: before.version + 1 };
            await recordEdit(
              trx,
              {
                before,
                after: report,
                version: report.version,
                photosAdded: attachment ? [attachment.original_name] : [],
              },
              activity,
            );
          }
          result.updated += 1;
        }
        for (const c of p.topic.comments) {
          const key = `${reportId}:${c.guid}`;
          if (commentKeys.has(key)) continue;
          commentKeys.add(key);
          const author = lookups.people.members.get(c.author.trim().toLowerCase()) ?? null;
          const body = c.text.slice(0, MAX_COMMENT_LENGTH);
          await insertComment(
            trx,
            {
              id: newId(),
              report_id: reportId,
              workspace_id: user.workspace_id,
              author_id: author,
              external_author: author ? null : c.author.trim().slice(0, 200) || null,
              bcf_guid: c.guid,
              body,
              edited_at: null,
              created_at: Math.min(c.date ?? now, now),
              mentioned: "[]",
            },
            [],
          );
          await recordComment(trx, report, "comment_added", body, activity);
          result.comments += 1;
        }
      }
      await chargeStorage(ctx, trx, user.workspace_id, storedBytesOf(storedRows));
      return result;
    });
  } catch (err) {
    await discardFilesOfFailedWrite(ctx, fileKeysOf(storedRows), err);
    if (uniqueViolation(err))
      throw conflict("These topics are being imported by someone else right now. Please try again.");
    throw err;
  }
}
