// The form's save paths: create (then open the report, or stay for the next snag) and edit. Both
// keep the user's input on failure; only a success clears anything.
import type { Report } from "@sitesnag/shared/snagging";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { forgetCachedPhotos, photoUrlsOf } from "../../../lib/offline-cache";
import { useAuthStore } from "../../../stores/auth-store";
import type { ReportDraft } from "../api/create-report";
import { reportKeys } from "../api/get-reports";
import { createPending, remainingAfter } from "../api/pending-locations";
import type { ReportEdit } from "../api/update-report";
import type { UploadProgress } from "../lib/upload-with-progress";

export type CreateOutcome = { queued: false; report: Report } | { queued: true; tempId: string };
export type UpdateOutcome = { queued: false; report: Report } | { queued: true; reportId: string };

// The upload code loads beside the form's chunk (started as this module starts), not in its first
// load (issue 7); it is in long before a first save. A failed fetch of it (offline before the
// service worker is installed) rejects with a TypeError, which queues the save like no network.
const loadUpload = () =>
  Promise.all([import("../api/create-report"), import("../api/update-report"), import("../lib/upload-with-progress")]);
let upload = loadUpload();
upload.catch(() => {
  upload = loadUpload();
  upload.catch(() => undefined);
});
const NETWORK_ERROR = "NetworkError";

/** No answer at all: fetch rejects with a TypeError, the upload with a NetworkError. */
export const noNetwork = (err: unknown): boolean => err instanceof TypeError || isNetworkError(err);
const isNetworkError = (err: unknown): boolean => err instanceof Error && err.name === NETWORK_ERROR;

/**
 * The offline queue's code could not be loaded: the signal went before it arrived (a first visit,
 * before the service worker took charge), so nothing was saved. The form keeps the input and says
 * what to do (issue 33).
 */
export class OutboxUnavailableError extends Error {
  override name = "OutboxUnavailableError";
}

/** The queue, loaded with the form (lib/save-path.ts); asked for again here in case that failed. */
const loadOutbox = () =>
  import("../../../offline/outbox").catch(() => {
    throw new OutboxUnavailableError("The offline queue could not be loaded");
  });

/** SPEC §4: with no network the report goes to the offline queue (loaded only when needed). */
async function queueOffline(draft: ReportDraft): Promise<CreateOutcome> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new Error("Sign in again to save reports.");
  const { queueCreate } = await loadOutbox();
  return { queued: true, tempId: await queueCreate(userId, draft, draft.idempotencyKey) };
}

/**
 * Locations typed into the picker that the report needs are made first, through the API (issue 36).
 * Answers the save with the server's ids, or, when the network drops half-way, the save to queue:
 * what was made named by the server's ids, the rest still to make in the queued item.
 */
async function withMadeLocations<T extends ReportDraft | ReportEdit>(save: T): Promise<{ ready: T; offline: boolean }> {
  const chain = save.newLocations ?? [];
  const made = new Map<string, string>();
  const after = () => ({ ...save, ...remainingAfter(chain, save.locationId ?? null, made) });
  if (chain.length === 0) return { ready: save, offline: false };
  try {
    await createPending(save.projectId, chain, made);
  } catch (err) {
    if (noNetwork(err)) return { ready: after(), offline: true };
    throw err;
  }
  return { ready: after(), offline: false };
}

async function createOrQueue(given: ReportDraft, onProgress: (p: UploadProgress) => void): Promise<CreateOutcome> {
  if (!navigator.onLine) return queueOffline(given);
  const { ready: draft, offline } = await withMadeLocations(given);
  if (offline) return queueOffline(draft);
  let submitReport: typeof import("../api/create-report").submitReport;
  try {
    [{ submitReport }] = await upload;
  } catch {
    return queueOffline(draft); // the upload code could not be fetched: no network
  }
  try {
    return { queued: false, report: await submitReport(draft, { onProgress }) };
  } catch (err) {
    // No answer at all: the network dropped. The queued create reuses the draft's
    // Idempotency-Key as its tempId, so an upload that did commit is not created twice.
    if (isNetworkError(err)) return queueOffline(draft);
    throw err;
  }
}

/**
 * An edit made with no network is queued (update action of the SPEC §3 queue item, new photos
 * stored with it) and the cached report shows the new fields until it syncs.
 */
async function queueEdit(queryClient: QueryClient, id: string, edit: ReportEdit): Promise<UpdateOutcome> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new Error("Sign in again to save changes.");
  const { queueChange } = await loadOutbox();
  const { photos, removeAttachmentIds, newLocations, ...fields } = edit;
  await queueChange(
    userId,
    "update",
    id,
    {
      ...fields,
      ...(removeAttachmentIds.length > 0 ? { removeAttachmentIds } : {}),
      ...(newLocations?.length ? { newLocations } : {}),
    },
    photos,
  );
  queryClient.setQueryData<Report>(reportKeys.detail(id), (cached) =>
    cached
      ? {
          ...cached,
          priority: fields.priority,
          category: fields.category ?? cached.category,
          assignedTo: fields.assignedTo,
          dueDate: fields.dueDate,
          description: fields.description,
          attachments: cached.attachments.filter((a) => !removeAttachmentIds.includes(a.id)),
        }
      : cached,
  );
  return { queued: true, reportId: id };
}

async function updateOrQueue(
  queryClient: QueryClient,
  id: string,
  given: ReportEdit,
  onProgress: (p: UploadProgress) => void,
): Promise<UpdateOutcome> {
  if (!navigator.onLine) return queueEdit(queryClient, id, given);
  const { ready: edit, offline } = await withMadeLocations(given);
  if (offline) return queueEdit(queryClient, id, edit);
  try {
    const [, { updateReport }] = await upload;
    const before = queryClient.getQueryData<Report>(reportKeys.detail(id));
    const report = await updateReport(id, edit, { onProgress });
    // Removed photos leave the service worker's cache too.
    if (edit.removeAttachmentIds.length > 0) void forgetCachedPhotos(photoUrlsOf(before, edit.removeAttachmentIds));
    return { queued: false, report };
  } catch (err) {
    if (noNetwork(err)) return queueEdit(queryClient, id, edit);
    throw err;
  }
}

export function useReportSave() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const onProgress = (p: UploadProgress) => setProgress(p);
  // Mutations, so the app's one invalidation point refreshes lists and counts after a save.
  const create = useMutation({
    mutationFn: (draft: ReportDraft) => createOrQueue(draft, onProgress),
    // Not paused while offline (TanStack's default): offline is when the queue must take it.
    networkMode: "always",
    onSettled: () => setProgress(null),
  });
  const update = useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: ReportEdit }) => updateOrQueue(queryClient, id, edit, onProgress),
    networkMode: "always",
    onSettled: () => setProgress(null),
  });
  return { create, update, progress, isSaving: create.isPending || update.isPending };
}
