// A report form's draft (issue 33, decision 0054): what the person typed and the photos they took,
// kept in IndexedDB as they go, so a reload, a closed tab or a save that cannot complete loses
// nothing. One database per user (on a shared phone another account never sees it), one draft per
// form: "new" for New Report, "edit:<id>" for an edit. The texts are one small record rewritten as
// the person types; each photo's blobs are a record of their own, written when the photo changes.
import Dexie, { type EntityTable } from "dexie";
import type { ReportPinDraft } from "../api/create-report";
import type { Shape } from "../components/annotation/annotation-geometry";
import type { KeptPhoto } from "../components/report-form/kept-photo-card";
import type { ReportFormValues } from "./report-form-rules";

export type DraftForm = {
  key: string;
  savedAt: number;
  /** Edit: the report's version the person's changes were made on. */
  version: number | null;
  /**
   * Edit: the report as the server had it at that version. A draft reopened on a newer version is
   * rebased from it (lib/edit-rebase.ts): the person's fields stay, the others take the newer
   * values, and the save is merged by the server against `version`. Drafts without it (written
   * before it was kept) are dropped when the version differs.
   */
  base?: { values: ReportFormValues; kept: KeptPhoto[] } | null;
  idempotencyKey: string;
  values: ReportFormValues;
  kept: KeptPhoto[];
  pin: ReportPinDraft | null;
  /** The new photos in order, with their texts; their blobs are in `photos`. */
  photos: { localId: string; location: string; description: string }[];
};

export type DraftPhotoBlobs = {
  localId: string;
  formKey: string;
  name: string;
  /** The photo as chosen, kept only until its compressed copy exists. */
  source: Blob | null;
  upload: Blob | null;
  annotated: Blob | null;
  shapes: Shape[];
};

export type StoredDraft = { form: DraftForm; photos: DraftPhotoBlobs[] };

class DraftDatabase extends Dexie {
  forms!: EntityTable<DraftForm, "key">;
  photos!: EntityTable<DraftPhotoBlobs, "localId">;
  constructor(userId: string) {
    super(`sitesnag-drafts-${userId}`);
    this.version(1).stores({ forms: "key", photos: "localId, formKey" });
  }
}

const databases = new Map<string, DraftDatabase>();
function database(userId: string): DraftDatabase {
  let db = databases.get(userId);
  if (!db) {
    db = new DraftDatabase(userId);
    databases.set(userId, db);
  }
  return db;
}

export async function readDraft(userId: string, key: string): Promise<StoredDraft | null> {
  const db = database(userId);
  return db.transaction("r", db.forms, db.photos, async () => {
    const form = await db.forms.get(key);
    if (!form) return null;
    const blobs = await db.photos.where("formKey").equals(key).toArray();
    const byId = new Map(blobs.map((b) => [b.localId, b]));
    const photos = form.photos.flatMap((p) => byId.get(p.localId) ?? []);
    return { form: { ...form, photos: form.photos.filter((p) => byId.has(p.localId)) }, photos };
  });
}

/** Writes the form and the photos given (the changed ones); photos the form no longer lists go. */
export async function writeDraft(userId: string, form: DraftForm, changed: DraftPhotoBlobs[]): Promise<void> {
  const db = database(userId);
  const listed = new Set(form.photos.map((p) => p.localId));
  await db.transaction("rw", db.forms, db.photos, async () => {
    await db.photos
      .where("formKey")
      .equals(form.key)
      .filter((p) => !listed.has(p.localId))
      .delete();
    if (changed.length > 0) await db.photos.bulkPut(changed);
    await db.forms.put(form);
  });
}

export async function deleteDraft(userId: string, key: string): Promise<void> {
  const db = database(userId);
  await db.transaction("rw", db.forms, db.photos, async () => {
    await db.photos.where("formKey").equals(key).delete();
    await db.forms.delete(key);
  });
}
