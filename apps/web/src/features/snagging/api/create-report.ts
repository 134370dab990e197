// Creating a report. submitReport() is the one create path: the form calls it, and an offline
// outbox can take the same ReportDraft when the network is gone.
import type { Priority } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";
import { canSendByHash, sendWithPhotosByHash } from "../../../offline/photos-by-hash";
import { type UploadProgress, uploadWithProgress } from "../lib/upload-with-progress";
import type { PendingLocation } from "./pending-locations";

export type DraftPhoto = { blob: Blob; name: string };

export type ReportDraft = {
  /** Sent as Idempotency-Key: a retry after a lost answer does not create the report twice. */
  idempotencyKey: string;
  projectId: string;
  title: string;
  priority: Priority;
  /** A trade's key (issue 36); the server's default (`other`) when absent. */
  category?: string;
  assignedTo: string | null;
  dueDate: number | null;
  description: string;
  location: { lat: number; lng: number } | null;
  pageUrl: string | null;
  photos: DraftPhoto[];
  /** Where on a drawing the snag is (issue 24): a sheet of the project and a position in 0–1. */
  pin?: ReportPinDraft | null;
  /** A location of the project's tree (issue 36), or none. */
  locationId?: string | null;
  /** Locations typed into the picker not made yet, parents first; `locationId` may be the last. */
  newLocations?: PendingLocation[];
};

export type ReportPinDraft = { sheetId: string; x: number; y: number };

/** Upload names end in .jpg: compressed and annotated photos are JPEGs whatever the original was. */
export { jpegName } from "../../../lib/photo-compress/jpeg-name";

export function reportFormData(draft: ReportDraft): FormData {
  const form = new FormData();
  form.set("projectId", draft.projectId);
  form.set("title", draft.title);
  form.set("description", draft.description);
  form.set("category", draft.category ?? "other"); // SPEC §3's 'other' unless a trade is chosen
  form.set("priority", draft.priority);
  if (draft.assignedTo) form.set("assignedTo", draft.assignedTo);
  if (draft.dueDate !== null) form.set("dueDate", String(draft.dueDate));
  if (draft.pageUrl) form.set("pageUrl", draft.pageUrl);
  if (draft.location) {
    form.set("locationLat", String(draft.location.lat));
    form.set("locationLng", String(draft.location.lng));
  }
  if (draft.pin) {
    form.set("sheetId", draft.pin.sheetId);
    form.set("pinX", String(draft.pin.x));
    form.set("pinY", String(draft.pin.y));
  }
  if (draft.locationId) form.set("locationId", draft.locationId);
  // Fields before files: the server reads the fields as they stream in.
  for (const photo of draft.photos) form.append("images", photo.blob, photo.name);
  return form;
}

/** The report's fields as the JSON create takes them, its photos named by hash (decision 0025). */
export function reportJson(draft: ReportDraft, photoHashes: string[]): Record<string, unknown> {
  return {
    projectId: draft.projectId,
    title: draft.title,
    description: draft.description,
    category: draft.category ?? "other", // SPEC §3's 'other' unless a trade is chosen
    priority: draft.priority,
    ...(draft.assignedTo ? { assignedTo: draft.assignedTo } : {}),
    ...(draft.dueDate !== null ? { dueDate: draft.dueDate } : {}),
    ...(draft.pageUrl ? { pageUrl: draft.pageUrl } : {}),
    ...(draft.location ? { locationLat: draft.location.lat, locationLng: draft.location.lng } : {}),
    ...(draft.pin ? { sheetId: draft.pin.sheetId, pinX: draft.pin.x, pinY: draft.pin.y } : {}),
    ...(draft.locationId ? { locationId: draft.locationId } : {}),
    photoHashes,
  };
}

/**
 * Photos first, each alone and resumably by hash, then the report in one small JSON request naming
 * them, under the draft's Idempotency-Key (offline/photos-by-hash.ts). No answer at all is a
 * NetworkError, as for the multipart upload (the form queues the report).
 */
const submitByHash = (draft: ReportDraft, onProgress?: (progress: UploadProgress) => void): Promise<Report> =>
  sendWithPhotosByHash(
    draft.photos,
    async ({ photoHashes, photoNames }) =>
      (
        await api<{ report: Report }>("/snagging", {
          method: "POST",
          body: { ...reportJson(draft, photoHashes), photoNames },
          headers: { "idempotency-key": draft.idempotencyKey },
        })
      ).report,
    onProgress,
  );

export async function submitReport(
  draft: ReportDraft,
  options: { onProgress?: (progress: UploadProgress) => void } = {},
): Promise<Report> {
  // Where Web Crypto can hash (a secure context), photos travel alone, by hash and resumably;
  // elsewhere (plain-HTTP origins), and for a report without photos, one request as before.
  if (draft.photos.length > 0 && canSendByHash()) return submitByHash(draft, options.onProgress);
  const answer = await uploadWithProgress<{ report: Report }>("/snagging", {
    method: "POST",
    body: reportFormData(draft),
    headers: { "idempotency-key": draft.idempotencyKey },
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return answer.report;
}
