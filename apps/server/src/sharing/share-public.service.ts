// What the person holding a share link can do, with no account: see the link's snags and mark one
// fixed with photos and a note. The link is checked first on every call (unknown → 404, revoked
// or expired → 410), then the report against the link's own scope (project + filter + assignee),
// so no other report, project or person of the workspace is reachable. Every view and fix is
// recorded in share_link_events under the link's name; a fix is also a change like any other: a new
// version, its photos of kind "fix", and an entry in the report's history named after the link.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { pairPhotoSegments, parsePhotoDescription, writePhotoDescription } from "@sitesnag/shared/photo-description";
import {
  MAX_FIX_PHOTOS,
  MAX_SHARED_REPORTS,
  type SharedReport,
  ShareFixSchema,
  type ShareView,
} from "@sitesnag/shared/sharing";
import { MAX_PHOTOS_PER_REPORT } from "@sitesnag/shared/snagging";
import { recordEdit } from "../activity/activity.writer";
import type { AppContext } from "../context";
import type { AttachmentRow, ReportRow, ShareLinkRow } from "../db/schema";
import { formatDay } from "../format";
import { AppError, badRequest, conflict, notFound } from "../http/errors";
import { newId } from "../ids";
import { insertNotifications } from "../notifications/notifications.repository";
import { findProject } from "../projects/projects.repository";
import { assertStorageRoom, chargeStorage, storedBytesOf } from "../quotas/storage-quota";
import type { SnagScope } from "../snag-list/snag-list.repository";
import { findScopedNewest, findScopedReports } from "../snag-list/snag-list.repository";
import { deleteFilesQuietly, fileKeysOf, photoBytesOf, storePhotos } from "../snagging/snagging.files";
import type { ReportWithNames } from "../snagging/snagging.repository";
import { findAttachments, findReportWithNames, lockReport, updateReport } from "../snagging/snagging.repository";
import type { ReportRequest } from "../snagging/snagging.uploads";
import { nowSeconds } from "../time";
import { linkActorName } from "./share-actor";
import { findFix, insertShareEvents } from "./share-events.repository";
import { findRecentViews, findShareLinkByHash, touchShareLink } from "./share-links.repository";
import { parseLinkFilter } from "./share-links.service";
import { type PhotoSize, type SharedPhotoFile, sharedPhotoFile, sharedPhotoPath } from "./share-photos";
import { cropSharedPin, presentSharedPlan, sheetsForPins } from "./share-plan";
import { hashShareToken, SHARE_TOKEN_PATTERN } from "./share-tokens";

const VIEW_EVERY_SECONDS = 3600;
const MAX_DESCRIPTION = 20_000;

export const LINK_NOT_FOUND = "This link is not valid. Ask the person who sent it for a new one.";
export const linkRevoked = () =>
  new AppError(410, "This link has been revoked. Ask the person who sent it for a new one.");
export const linkExpired = (at: number) =>
  new AppError(410, `This link expired on ${formatDay(at)}. Ask the person who sent it for a new one.`);

/** The live link behind a token, or the answer saying why there is none. */
export async function openShareLink(ctx: AppContext, token: string): Promise<ShareLinkRow> {
  const link = SHARE_TOKEN_PATTERN.test(token) ? await findShareLinkByHash(ctx.db, hashShareToken(token)) : undefined;
  if (!link) throw new AppError(404, LINK_NOT_FOUND);
  if (link.revoked_at !== null) throw linkRevoked();
  if (Number(link.expires_at) <= nowSeconds()) throw linkExpired(Number(link.expires_at));
  return link;
}

export const linkScope = (link: ShareLinkRow): SnagScope => ({
  workspaceId: link.workspace_id,
  projectId: link.project_id,
  filter: { ...parseLinkFilter(link.filter), ...(link.assignee_id ? { assigneeId: link.assignee_id } : {}) },
});

type PlanSheets = Awaited<ReturnType<typeof sheetsForPins>>;

function presentShared(
  token: string,
  row: ReportWithNames,
  attachments: AttachmentRow[],
  sheets: PlanSheets,
): SharedReport {
  const segments = parsePhotoDescription(row.description);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: row.due_date === null ? null : Number(row.due_date),
    location: segments[0]?.location ?? "Location not specified",
    description: segments.map((s) => s.description).join("\n"),
    locationLat: row.location_lat,
    locationLng: row.location_lng,
    photos: pairPhotoSegments(row.description, attachments).map((p) => ({
      id: p.attachment.id,
      // Under the link, never /files/: a photo stops with its link (decision 0048).
      url: sharedPhotoPath(token, row.id, p.attachment.id, "display"),
      thumbnailUrl: p.attachment.thumbnail_key ? sharedPhotoPath(token, row.id, p.attachment.id, "thumbnail") : null,
      location: p.location,
      description: p.description,
    })),
    plan: presentSharedPlan(token, row, sheets),
  };
}

/** GET /api/share/{token}: the link's snags (newest first), each view recorded once an hour. */
export async function viewShare(ctx: AppContext, token: string): Promise<ShareView> {
  const link = await openShareLink(ctx, token);
  const project = await findProject(ctx.db, link.workspace_id, link.project_id);
  if (!project) throw new AppError(404, LINK_NOT_FOUND);
  const rows = await findScopedNewest(ctx.db, linkScope(link), MAX_SHARED_REPORTS + 1);
  const shown = rows.slice(0, MAX_SHARED_REPORTS);
  const attachments = await findAttachments(
    ctx.db,
    shown.map((r) => r.id),
  );
  const byReport = new Map<string, AttachmentRow[]>();
  for (const a of attachments) byReport.set(a.report_id, [...(byReport.get(a.report_id) ?? []), a]);
  const sheets = await sheetsForPins(ctx, link, shown);
  const now = nowSeconds();
  const seen = await findRecentViews(ctx.db, link.id, now - VIEW_EVERY_SECONDS);
  await ctx.db.transaction().execute(async (trx) => {
    await insertShareEvents(
      trx,
      shown
        .filter((r) => !seen.has(r.id))
        .map((r) => ({
          id: newId(),
          link_id: link.id,
          workspace_id: link.workspace_id,
          report_id: r.id,
          kind: "view" as const,
          link_name: link.name,
          note: null,
          attachment_ids: null,
          fix_id: null,
          created_at: now,
        })),
    );
    await touchShareLink(trx, link.id, now);
  });
  return {
    name: link.name,
    projectName: project.name,
    expiresAt: Number(link.expires_at),
    reports: shown.map((r) => presentShared(token, r, byReport.get(r.id) ?? [], sheets)),
    isTruncated: rows.length > MAX_SHARED_REPORTS,
  };
}

/** The description with one segment per fix photo appended, each paired with its photo. */
function withFixSegments(description: string, existing: number, added: number, linkName: string, note: string): string {
  const segments = parsePhotoDescription(description);
  // Photos without a segment of their own get an empty one, so the fix's segments pair with the fix's photos.
  const padding = Array.from({ length: Math.max(0, existing - segments.length) }, () => ({
    location: "Location not specified",
    description: "No description",
  }));
  const fix = Array.from({ length: added }, () => ({
    location: `Fixed (link “${linkName}”)`,
    description: note || "Marked fixed through a share link",
  }));
  const kept = segments.slice(0, Math.max(existing, segments.length)).map((s) => ({
    location: s.location,
    description: s.description,
  }));
  const written = writePhotoDescription([...kept, ...padding, ...fix]);
  return written.length <= MAX_DESCRIPTION ? written : description;
}

/** Only a snag still to be done can be fixed through a link: never reopen a resolved or closed one. */
const FIXABLE: readonly ReportRow["status"][] = ["open", "in-progress"];
const notFixable = (status: ReportRow["status"]) =>
  conflict(
    `This snag is already ${status === "closed" ? "closed" : "resolved"}, so it cannot be marked fixed again. Nothing was saved.`,
  );
const keyReused = () => conflict("This Idempotency-Key was already used for a different request.");

export type FixResult = { report: SharedReport; replayed: boolean };

/** The report as the link shows it now (a fix's answer, and the answer to its replay). */
async function presentAfterFix(ctx: AppContext, token: string, link: ShareLinkRow, reportId: string) {
  const row = await findReportWithNames(ctx.db, link.workspace_id, reportId);
  if (!row) throw notFound("Report");
  return presentShared(token, row, await findAttachments(ctx.db, [reportId]), await sheetsForPins(ctx, link, [row]));
}

/**
 * POST /api/share/{token}/reports/{reportId}/fix: photos (at least one) and a note. The report
 * becomes resolved, the photos are appended with the note, the creator (and a member assignee)
 * are notified, and the fix is recorded under the link's name, all in one transaction. Only an
 * open or in-progress report can be fixed (409 otherwise). With an Idempotency-Key (the share page
 * sends one per fix, the same on every retry) a replay answers the report as it is, adding nothing.
 */
export async function fixThroughShare(
  ctx: AppContext,
  token: string,
  reportId: string,
  readRequest: (maxPhotos: number) => Promise<ReportRequest>,
  key?: string,
): Promise<FixResult> {
  const link = await openShareLink(ctx, token);
  const scope = linkScope(link);
  // A report outside the link's set answers like a missing one, before any photo is read.
  const [target] = UUID_PATTERN.test(reportId) ? await findScopedReports(ctx.db, scope, [reportId]) : [];
  if (!target) throw notFound("Report");
  // A replay is recognised before the body is read: it reads no photo and stores nothing.
  const replay = async (): Promise<FixResult | undefined> => {
    const done = key ? await findFix(ctx.db, link.id, key) : undefined;
    if (!done) return undefined;
    if (done.report_id !== reportId) throw keyReused();
    return { report: await presentAfterFix(ctx, token, link, reportId), replayed: true };
  };
  const replayed = await replay();
  if (replayed) return replayed;
  if (!FIXABLE.includes(target.status)) throw notFixable(target.status);
  const existing = await findAttachments(ctx.db, [reportId]);
  const room = Math.min(MAX_FIX_PHOTOS, MAX_PHOTOS_PER_REPORT - existing.length);
  if (room <= 0) throw new AppError(413, `A report can have at most ${MAX_PHOTOS_PER_REPORT} photos.`);
  const request = await readRequest(room);
  const { note } = ShareFixSchema.parse(request.fields);
  if (request.photos.length === 0) {
    throw badRequest("Add a photo of the fix", { images: ["Add a photo of the fix"] });
  }
  const now = nowSeconds();
  // The workspace's storage quota (decision 0019): checked before any file is stored, charged with the rows.
  await assertStorageRoom(ctx, link.workspace_id, photoBytesOf(request.photos));
  const added = await storePhotos(ctx, request.photos, {
    reportId,
    workspaceId: link.workspace_id,
    firstPosition: Math.max(-1, ...existing.map((a) => a.position)) + 1,
    now,
    // The photos of the change that marks the report resolved are its fix: the "after" of each pair (issue 23).
    kind: "fix",
  });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Locked, as every other change: the version it bumps is the one concurrent edits merge against.
      const report = await lockReport(trx, link.workspace_id, reportId);
      if (!report) throw notFound("Report");
      // Resolved or closed meanwhile (a member, or the same fix sent twice at once without a key).
      if (!FIXABLE.includes(report.status)) throw notFixable(report.status);
      const description = withFixSegments(report.description, existing.length, added.length, link.name, note);
      // updateReport makes the new version (report.version + 1).
      await updateReport(trx, link.workspace_id, reportId, { status: "resolved", description, updated_at: now });
      for (const row of added) await trx.insertInto("attachments").values(row).execute();
      // The report's history, under the link's name (no account made the change).
      const after = { ...report, status: "resolved" as const, description, version: report.version + 1 };
      await recordEdit(
        trx,
        { before: report, after, version: after.version, photosAdded: added.map((a) => a.original_name) },
        { actor: { id: null, first_name: linkActorName(link.name), last_name: "" }, now },
      );
      await chargeStorage(ctx, trx, link.workspace_id, storedBytesOf(added));
      await insertShareEvents(trx, [
        {
          id: newId(),
          link_id: link.id,
          workspace_id: link.workspace_id,
          report_id: reportId,
          kind: "fix",
          link_name: link.name,
          note: note || null,
          attachment_ids: JSON.stringify(added.map((a) => a.id)),
          fix_id: key ?? null,
          created_at: now,
        },
      ]);
      const recipients = new Set([report.created_by, report.assigned_to]);
      recipients.delete(null);
      await insertNotifications(
        trx,
        [...recipients].map((userId) => ({
          id: newId(),
          user_id: userId as string,
          workspace_id: link.workspace_id,
          report_id: reportId,
          actor_id: null,
          kind: "status" as const,
          report_title: report.title,
          status: "resolved" as const,
          read_at: null,
          created_at: now,
          // No person to name: the bell and mail name the link (issue 27).
          detail: link.name,
        })),
      );
      await touchShareLink(trx, link.id, now);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, fileKeysOf(added));
    // The same fix (same key) committed by a request that ran meanwhile, so this one found the
    // report resolved or the key taken: answer as its replay.
    const raced = key ? await replay() : undefined;
    if (raced) return raced;
    throw err;
  }
  return { report: await presentAfterFix(ctx, token, link, reportId), replayed: false };
}

/** GET /api/share/{token}/reports/{reportId}/plan: the crop of the plan around a shared snag's pin. */
export async function sharedPlanImage(ctx: AppContext, token: string, reportId: string): Promise<Buffer> {
  const link = await openShareLink(ctx, token);
  return cropSharedPin(ctx, link, linkScope(link), reportId);
}

/** GET /api/share/{token}/reports/{reportId}/photos/{attachmentId}[/thumbnail]: a shared snag's photo. */
export async function sharedPhoto(
  ctx: AppContext,
  token: string,
  reportId: string,
  attachmentId: string,
  size: PhotoSize,
): Promise<SharedPhotoFile> {
  const link = await openShareLink(ctx, token);
  return sharedPhotoFile(ctx, linkScope(link), reportId, attachmentId, size);
}
