import type { Report } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { isNoAnswer } from "../../../lib/network-error";
import { useAuthStore } from "../../../stores/auth-store";

export type FixOutcome = { queued: boolean };

/**
 * Marks the report resolved with photos of the fix (issue 23): the photos go up by hash first, then
 * one PATCH commits the status and its evidence together (a project with "Require evidence to
 * close" refuses it without); multipart where the browser cannot hash.
 * With no network it is queued like an edit, photos included, and applied once on reconnect. The
 * photos are compressed first (lib/photo-compress), as the snag form's are.
 */
export function useMarkFixed(reportId: string) {
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ photos: chosen, version }: { photos: File[]; version: number }): Promise<FixOutcome> => {
      // Through the app's one compressor: a phone's 12 MP originals would be 4-12 MB each.
      const { compressPhotoFile } = await import("../../../lib/photo-compress/compress-image");
      const photos = await Promise.all(chosen.map((p) => compressPhotoFile(p)));
      const queue = async () => {
        const userId = useAuthStore.getState().user?.id;
        if (!userId) throw new Error("Sign in again to mark the report fixed.");
        const { queueChange } = await import("../../../offline/outbox");
        await queueChange(
          userId,
          "update",
          reportId,
          { status: "resolved", version },
          photos.map((p) => ({ blob: p, name: p.name })),
        );
        return { queued: true };
      };
      if (!navigator.onLine) return queue();
      const path = `/snagging/${encodeURIComponent(reportId)}`;
      try {
        const { canSendByHash, sendWithPhotosByHash } = await import("../../../offline/photos-by-hash");
        if (canSendByHash()) {
          // Each photo alone and resumably, then the status and its evidence in one JSON PATCH.
          await sendWithPhotosByHash(
            photos.map((p) => ({ blob: p, name: p.name })),
            (references) =>
              api<{ report: Report }>(path, { method: "PATCH", body: { status: "resolved", version, ...references } }),
          );
        } else {
          const form = new FormData();
          form.set("status", "resolved");
          form.set("version", String(version));
          for (const photo of photos) form.append("images", photo, photo.name);
          await api<{ report: Report }>(path, { method: "PATCH", body: form });
        }
        return { queued: false };
      } catch (err) {
        if (isNoAnswer(err)) return queue();
        throw err;
      }
    },
  });
}
