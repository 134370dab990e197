import type { Priority } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";
import { canSendByHash, sendWithPhotosByHash } from "../../../offline/photos-by-hash";
import { type UploadProgress, uploadWithProgress } from "../lib/upload-with-progress";
import type { DraftPhoto } from "./create-report";
import type { PendingLocation } from "./pending-locations";

export type ReportEdit = {
  projectId: string;
  title: string;
  priority: Priority;
  /** A trade's key (issue 36): a report keeps its own even when retired. */
  category?: string;
  assignedTo: string | null;
  dueDate: number | null;
  description: string;
  removeAttachmentIds: string[];
  photos: DraftPhoto[];
  /** The report version the form was opened on: the server merges other people's changes since. */
  version?: number;
  /** A location of the project's tree (issue 36), or null for none; absent: unchanged. */
  locationId?: string | null;
  /** Locations typed into the picker not made yet, parents first (create-report.ts). */
  newLocations?: PendingLocation[];
};

/**
 * PATCH /api/snagging/{id} from the edit form: JSON, new photos uploaded first and named by hash
 * (offline/photos-by-hash.ts, appended after the kept ones); multipart with `images` parts only
 * where the browser cannot hash (plain-HTTP origins).
 */
export async function updateReport(
  id: string,
  edit: ReportEdit,
  options: { onProgress?: (progress: UploadProgress) => void } = {},
): Promise<Report> {
  const path = `/snagging/${encodeURIComponent(id)}`;
  const fields = {
    projectId: edit.projectId,
    title: edit.title,
    priority: edit.priority,
    ...(edit.category ? { category: edit.category } : {}),
    assignedTo: edit.assignedTo,
    dueDate: edit.dueDate,
    description: edit.description,
    ...(edit.version ? { version: edit.version } : {}),
    ...(edit.locationId !== undefined ? { locationId: edit.locationId } : {}),
  };
  const removals = edit.removeAttachmentIds.length > 0 ? { removeAttachmentIds: edit.removeAttachmentIds } : {};
  const patch = async (body: Record<string, unknown>) =>
    (await api<{ report: Report }>(path, { method: "PATCH", body: { ...fields, ...removals, ...body } })).report;
  if (edit.photos.length === 0) return patch({});
  if (canSendByHash()) return sendWithPhotosByHash(edit.photos, patch, options.onProgress);
  const form = new FormData();
  form.set("projectId", fields.projectId);
  form.set("title", fields.title);
  form.set("priority", fields.priority);
  if (edit.category) form.set("category", edit.category);
  form.set("assignedTo", fields.assignedTo ?? "");
  form.set("dueDate", fields.dueDate === null ? "" : String(fields.dueDate));
  form.set("description", fields.description);
  if (edit.version) form.set("version", String(edit.version));
  if (edit.locationId !== undefined) form.set("locationId", edit.locationId ?? "");
  for (const attachmentId of edit.removeAttachmentIds) form.append("removeAttachmentIds", attachmentId);
  for (const photo of edit.photos) form.append("images", photo.blob, photo.name);
  const answer = await uploadWithProgress<{ report: Report }>(path, {
    method: "PATCH",
    body: form,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return answer.report;
}
