// A shared snag's photos, served under the link (issue 34, decision 0048). The share page never
// gets a photo's /files/ URL: that key is a capability of its own, cached for a year, and would keep
// working after the link is revoked or expires. Here each photo is answered only while the link
// lives (404/410 as the page), only for a report in the link's set and only for that report's own
// photos: any other report, photo or guess is 404, nothing read.

import type { Readable } from "node:stream";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import { fileContentType } from "../files/files.routes";
import { notFound } from "../http/errors";
import { isInScope, type SnagScope } from "../snag-list/snag-list.repository";
import { findAttachments } from "../snagging/snagging.repository";

export type PhotoSize = "display" | "thumbnail";

/** Where the share page loads a photo (or its thumbnail) from. */
export const sharedPhotoPath = (token: string, reportId: string, attachmentId: string, size: PhotoSize) =>
  `/api/share/${token}/reports/${reportId}/photos/${attachmentId}${size === "thumbnail" ? "/thumbnail" : ""}`;

export type SharedPhotoFile = { stream: Readable; size: number; contentType: string };

/** A photo of a report in the link's set (the link already checked), or 404. */
export async function sharedPhotoFile(
  ctx: AppContext,
  scope: SnagScope,
  reportId: string,
  attachmentId: string,
  size: PhotoSize,
): Promise<SharedPhotoFile> {
  if (!UUID_PATTERN.test(reportId) || !UUID_PATTERN.test(attachmentId)) throw notFound("Photo");
  if (!(await isInScope(ctx.db, scope, reportId))) throw notFound("Photo");
  const attachment = (await findAttachments(ctx.db, [reportId])).find((a) => a.id === attachmentId);
  const key = size === "thumbnail" ? attachment?.thumbnail_key : attachment?.storage_key;
  if (!key) throw notFound("Photo");
  const info = await ctx.storage.stat(key);
  const stream = info ? await ctx.storage.get(key) : null;
  if (!info || !stream) throw notFound("Photo");
  return { stream, size: info.size, contentType: fileContentType(key) };
}
