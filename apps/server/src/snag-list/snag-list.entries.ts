// Pass two of a snag list: the entries of a bounded slice of one group (full rows, attachments,
// thumbnails read a few at a time), in the order pass one put them.

import type { Readable } from "node:stream";
import { NO_DESCRIPTION, parsePhotoDescription } from "@sitesnag/shared/photo-description";
import sharp from "sharp";
import type { AppContext } from "../context";
import type { AttachmentRow } from "../db/schema";
import { tradeLabel } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { findFixAttachmentIds } from "../sharing/share-events.repository";
import { findAttachments } from "../snagging/snagging.repository";
import { Semaphore } from "../workers/semaphore";
import { assigneeName, isOverdue, localiseLocation, reportLocation } from "./snag-list.groups";
import { findScopedReports, type SnagScope } from "./snag-list.repository";
import type { SnagListEntry, SnagListPhoto } from "./snag-list-pdf";

const MAX_DESCRIPTION = 400;

/**
 * A thumbnail's longest edge in the PDF, in pixels: the 64 pt box at 3 pixels a point (216 dpi).
 * Stored thumbnails are 400 px (photos.ts), ~25 KB each; a 2,000-snag weekly report embedded
 * ~43 MB of them, over what many mail servers accept, and each passed through memory at that size.
 */
export const PDF_THUMB_EDGE = 192;

/** The thumbnail made smaller for the PDF (upright, as pdfkit would have shown it); as it was when it cannot be. */
async function shrink(bytes: Buffer): Promise<Buffer> {
  try {
    const small = await sharp(bytes, { failOn: "none" })
      .rotate()
      .resize(PDF_THUMB_EDGE, PDF_THUMB_EDGE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return small.length < bytes.length ? small : bytes;
  } catch {
    return bytes; // not an image sharp reads: pdfkit decides, and the box says so if it cannot
  }
}

async function readThumbnail(ctx: AppContext, row: AttachmentRow): Promise<Uint8Array | null> {
  const stream: Readable | null = await ctx.storage.get(row.thumbnail_key ?? row.storage_key).catch(() => null);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  try {
    // As read: no copy per chunk (the shrunk thumbnail below is copied once, to be moved).
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch {
    return null;
  }
  const small = await shrink(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  // A copy that owns its memory, so it can be moved to the worker.
  const bytes = new Uint8Array(small.length);
  bytes.set(small);
  return bytes;
}

/**
 * Thumbnails to show: before/after when a fix added photos (through a share link, or marked fixed
 * with a photo: kind "fix"), else the first three.
 */
function choosePhotos(
  attachments: AttachmentRow[],
  fixed: Set<string>,
  t: Translator,
): { label: string | null; row: AttachmentRow }[] {
  const isFix = (a: AttachmentRow) => fixed.has(a.id) || a.kind === "fix";
  const before = attachments.filter((a) => !isFix(a));
  const after = attachments.filter(isFix);
  if (after.length === 0) return before.slice(0, 3).map((row) => ({ label: null, row }));
  const pair: { label: string | null; row: AttachmentRow }[] = [];
  if (before[0]) pair.push({ label: t("pdf.snagList.before"), row: before[0] });
  pair.push({ label: t("pdf.snagList.after"), row: after[after.length - 1] as AttachmentRow });
  return pair;
}

function describe(description: string, t: Translator): string {
  const text = parsePhotoDescription(description)
    .map((s) => (s.description === NO_DESCRIPTION ? t("pdf.snagList.noDescription") : s.description))
    .join(" · ");
  return text.length > MAX_DESCRIPTION
    ? `${text.slice(0, MAX_DESCRIPTION - 1)}…`
    : text || t("pdf.snagList.noDescription");
}

export async function loadEntries(
  ctx: AppContext,
  scope: SnagScope,
  group: number,
  ids: readonly string[],
  now: number,
  t: Translator = translatorFor("en-GB"),
  trades: ReadonlyMap<string, string> = new Map(),
): Promise<SnagListEntry[]> {
  const [rows, attachments, fixed] = await Promise.all([
    findScopedReports(ctx.db, scope, ids),
    findAttachments(ctx.db, ids),
    findFixAttachmentIds(ctx.db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const photosOf = new Map<string, AttachmentRow[]>();
  for (const a of attachments) photosOf.set(a.report_id, [...(photosOf.get(a.report_id) ?? []), a]);
  const reads = new Semaphore(4);
  const entries = await Promise.all(
    ids.map(async (id): Promise<SnagListEntry | null> => {
      const r = byId.get(id);
      if (!r) return null; // deleted since pass one, or no longer matching
      const chosen = choosePhotos(photosOf.get(id) ?? [], fixed, t);
      const photos: SnagListPhoto[] = await Promise.all(
        chosen.map(async ({ label, row }) => ({ label, bytes: await reads.run(() => readThumbnail(ctx, row)) })),
      );
      const due = r.due_date === null ? null : Number(r.due_date);
      return {
        group,
        title: r.title,
        status: r.status,
        priority: r.priority,
        category: tradeLabel(r.category, trades, t),
        dueDate: due,
        isOverdue: isOverdue({ due_date: due, status: r.status }, now),
        assigneeName: assigneeName(r) ?? t("pdf.unassigned"),
        location: localiseLocation(reportLocation(r), t),
        description: describe(r.description, t),
        photos,
      };
    }),
  );
  return entries.filter((e): e is SnagListEntry => e !== null);
}
