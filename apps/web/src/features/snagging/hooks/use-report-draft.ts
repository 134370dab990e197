// Keeps the report form's draft in IndexedDB as the person works (report-draft.ts): read back
// once when the form opens, written a moment after each change, dropped when the form is back to
// where it started, on a successful save and on Discard. A save that cannot complete keeps it.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type DraftForm,
  type DraftPhotoBlobs,
  deleteDraft,
  readDraft,
  type StoredDraft,
  writeDraft,
} from "../lib/report-draft";
import type { PhotoDraft } from "./use-photo-drafts";

/** What the form holds now; a new object whenever any of it changes (the form memoises it). */
export type DraftSnapshot = Omit<DraftForm, "key" | "savedAt" | "version" | "photos"> & {
  photos: PhotoDraft[];
  /** Nothing differs from the form as it opened (or as it was after the last save). */
  clean: boolean;
};

const WRITE_AFTER_MS = 400;
const photoBlobs = (p: PhotoDraft) => [p.upload ?? p.source, p.annotated] as const;

export function useReportDraft({
  userId,
  formKey,
  version,
  snapshot,
  accepts,
  onRestore,
}: {
  userId: string;
  formKey: string;
  version: number | null;
  snapshot: DraftSnapshot;
  /** Whether this form takes the stored draft (New Report opened for another project does not). */
  accepts: (draft: StoredDraft) => boolean;
  onRestore: (draft: StoredDraft) => void;
}) {
  const [phase, setPhase] = useState<"reading" | "ready" | "restored">("reading");
  const [written, setWritten] = useState<DraftSnapshot | null>(null);
  const blobsWritten = useRef(new Map<string, readonly [Blob | null, Blob | null]>());
  const exists = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const restore = useRef({ accepts, onRestore });
  restore.current = { accepts, onRestore };
  // What the form held when its draft was dropped: not written again until it changes.
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const dropped = useRef<DraftSnapshot | null>(null);
  // The draft is read back against the version the form opened on; a later change of version (the
  // edit form taking the server's newer answer before anything was entered) is only written.
  const openedOn = useRef(version);

  useEffect(() => {
    let live = true;
    readDraft(userId, formKey).then(
      (draft) => {
        if (!live) return;
        // An edit's draft of another version comes back only with the server's state it was made on
        // (the form rebases it onto the newer one); an older draft without it goes.
        if (draft && draft.form.version !== openedOn.current && !draft.form.base)
          void deleteDraft(userId, formKey).catch(() => undefined);
        else if (draft && restore.current.accepts(draft)) {
          exists.current = true;
          for (const p of draft.photos) blobsWritten.current.set(p.localId, [p.upload ?? p.source, p.annotated]);
          restore.current.onRestore(draft);
          setPhase("restored");
          return;
        }
        setPhase("ready");
      },
      () => live && setPhase("ready"),
    );
    return () => {
      live = false;
    };
  }, [userId, formKey]);

  useEffect(() => {
    if (phase === "reading" || snapshot === dropped.current) return;
    timer.current = window.setTimeout(() => {
      if (snapshot.clean) {
        if (!exists.current) return;
        exists.current = false;
        blobsWritten.current.clear();
        void deleteDraft(userId, formKey).catch(() => undefined);
        return;
      }
      const changed: DraftPhotoBlobs[] = [];
      for (const p of snapshot.photos) {
        const blobs = photoBlobs(p);
        const before = blobsWritten.current.get(p.localId);
        if (before && before[0] === blobs[0] && before[1] === blobs[1]) continue;
        blobsWritten.current.set(p.localId, blobs);
        changed.push({
          localId: p.localId,
          formKey,
          name: p.source.name,
          source: p.upload ? null : p.source,
          upload: p.upload,
          annotated: p.annotated,
          shapes: p.shapes,
        });
      }
      const { clean: _clean, photos, ...rest } = snapshot;
      const form: DraftForm = {
        ...rest,
        key: formKey,
        savedAt: Date.now(),
        version,
        photos: photos.map((p) => ({ localId: p.localId, location: p.location, description: p.description })),
      };
      exists.current = true;
      writeDraft(userId, form, changed).then(
        () => setWritten(snapshot),
        // Storage full or unavailable: every photo is written again next time.
        () => blobsWritten.current.clear(),
      );
    }, WRITE_AFTER_MS);
    return () => window.clearTimeout(timer.current);
  }, [snapshot, phase, userId, formKey, version]);

  /** After a successful save, or on Discard: the draft goes, and the notice with it. */
  const drop = useCallback(() => {
    window.clearTimeout(timer.current);
    dropped.current = latest.current;
    exists.current = false;
    blobsWritten.current.clear();
    setPhase("ready");
    setWritten(null);
    void deleteDraft(userId, formKey).catch(() => undefined);
  }, [userId, formKey]);

  return {
    reading: phase === "reading",
    restored: phase === "restored",
    saved: written !== null && written === snapshot,
    drop,
  };
}
