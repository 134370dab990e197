// The photo drafts of the report form (SPEC §3: local id, file, preview, location, description,
// optional annotated image). Each photo is compressed as soon as it is added, in the background;
// the drafts own their preview URLs and revoke them when a photo leaves or the form unmounts.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Shape } from "../components/annotation/annotation-geometry";

// Compression (its worker glue and downscale maths) loads after the form has painted, not with it
// (issue 7, first-load budgets); the form starts the download when it mounts.
const loadCompressor = () => import("../../../lib/photo-compress/compress-image");

export type PhotoDraft = {
  localId: string;
  /** The photo as chosen, untouched. */
  source: File;
  /** The compressed photo: what is uploaded unless annotated, and what annotation starts from. */
  upload: Blob | null;
  /** The annotated image (original + shapes), replacing `upload` in the request when present. */
  annotated: Blob | null;
  shapes: Shape[];
  preview: string;
  status: "compressing" | "ready" | "failed";
  error: string | null;
  location: string;
  description: string;
};

export const COMPRESS_MEASURE = "sitesnag:photo-compress";

export const uploadBlobOf = (photo: PhotoDraft): Blob | null => photo.annotated ?? photo.upload;

export function usePhotoDrafts() {
  useEffect(() => void loadCompressor().catch(() => undefined), []);
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const urls = useRef(new Set<string>());

  const makeUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  }, []);
  const dropUrl = useCallback((url: string) => {
    if (urls.current.delete(url)) URL.revokeObjectURL(url);
  }, []);

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const update = useCallback((localId: string, change: (photo: PhotoDraft) => PhotoDraft) => {
    setPhotos((list) => list.map((p) => (p.localId === localId ? change(p) : p)));
  }, []);

  const compress = useCallback(
    (draft: PhotoDraft) => {
      const started = performance.now();
      loadCompressor()
        .then(({ compressImage }) => compressImage(draft.source))
        .then(
          ({ blob, width, height }) => {
            // A User Timing entry per photo: visible in dev tools, read by bench/photo-compress.mjs.
            performance.measure(COMPRESS_MEASURE, {
              start: started,
              detail: { sourceBytes: draft.source.size, bytes: blob.size, width, height },
            });
            update(draft.localId, (p) => {
              return { ...p, upload: blob, preview: p.annotated ? p.preview : makeUrl(blob), status: "ready" };
            });
          },
          (error: unknown) =>
            update(draft.localId, (p) => ({
              ...p,
              status: "failed",
              error: error instanceof Error ? error.message : "This photo could not be read",
            })),
        );
    },
    [makeUrl, update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added: PhotoDraft[] = files.map((file) => ({
        localId: crypto.randomUUID(),
        source: file,
        upload: null,
        annotated: null,
        shapes: [],
        // No preview of the original: decoding a 12 MP image for a thumbnail costs what compressing does.
        preview: "",
        status: "compressing",
        error: null,
        location: "",
        description: "",
      }));
      setPhotos((list) => [...list, ...added]);
      for (const draft of added) compress(draft);
      return added.map((d) => d.localId);
    },
    [compress],
  );

  /** Photos read back from the form's draft (report-draft.ts); one not yet compressed is compressed again. */
  const restore = useCallback(
    (restored: Omit<PhotoDraft, "preview" | "status" | "error">[]) => {
      const list: PhotoDraft[] = restored.map((p) => {
        const shown = p.annotated ?? p.upload;
        return { ...p, preview: shown ? makeUrl(shown) : "", status: p.upload ? "ready" : "compressing", error: null };
      });
      setPhotos((old) => {
        for (const p of old) dropUrl(p.preview);
        return list;
      });
      for (const draft of list) if (!draft.upload) compress(draft);
    },
    [compress, dropUrl, makeUrl],
  );

  const remove = useCallback(
    (localId: string) => {
      setPhotos((list) => {
        const photo = list.find((p) => p.localId === localId);
        if (photo) dropUrl(photo.preview);
        return list.filter((p) => p.localId !== localId);
      });
    },
    [dropUrl],
  );

  const move = useCallback((localId: string, by: -1 | 1) => {
    setPhotos((list) => {
      const from = list.findIndex((p) => p.localId === localId);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  const setText = useCallback(
    (localId: string, field: "location" | "description", value: string) =>
      update(localId, (p) => ({ ...p, [field]: value })),
    [update],
  );

  const setAnnotation = useCallback(
    (localId: string, annotated: Blob, shapes: Shape[]) =>
      update(localId, (p) => {
        dropUrl(p.preview);
        return { ...p, annotated, shapes, preview: makeUrl(annotated) };
      }),
    [update, dropUrl, makeUrl],
  );

  const clear = useCallback(() => {
    setPhotos((list) => {
      for (const p of list) dropUrl(p.preview);
      return [];
    });
  }, [dropUrl]);

  return { photos, add, restore, remove, move, setText, setAnnotation, clear };
}
