import type { Report } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../stores/auth-store";
import { jpegName } from "../lib/jpeg-name";

export type FixOutcome = { queued: boolean };

/**
 * The fix photos as the form's photos travel (upright, long edge ≤ 2048 px, JPEG), so a phone's
 * 4-12 MB originals neither fill the outbox nor the uplink; a photo that cannot be decoded here is
 * sent as chosen, for the server to judge.
 */
async function compressed(photos: File[]): Promise<File[]> {
  const { compressImage } = await import("../lib/compress-image");
  const out: File[] = [];
  for (const photo of photos) {
    try {
      const { blob } = await compressImage(photo);
      out.push(new File([blob], jpegName(photo.name), { type: "image/jpeg" }));
    } catch {
      out.push(photo);
    }
  }
  return out;
}

/**
 * Marks the report resolved with photos of the fix (issue 23), compressed on the device first: one
 * multipart PATCH, so the status and its evidence commit together (a project with "Require evidence
 * to close" refuses it without). With no network it is queued like an edit, photos included, and
 * applied once on reconnect.
 */
export function useMarkFixed(reportId: string) {
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ photos: chosen, version }: { photos: File[]; version: number }): Promise<FixOutcome> => {
      const photos = await compressed(chosen);
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
      const form = new FormData();
      form.set("status", "resolved");
      form.set("version", String(version));
      for (const photo of photos) form.append("images", photo, photo.name);
      try {
        await api<{ report: Report }>(`/snagging/${encodeURIComponent(reportId)}`, { method: "PATCH", body: form });
        return { queued: false };
      } catch (err) {
        if (err instanceof TypeError) return queue();
        throw err;
      }
    },
  });
}
