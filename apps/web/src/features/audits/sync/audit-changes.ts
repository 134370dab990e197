// An audit's outbox, computed (decision 0027): what the server still lacks of the saved audit is the
// difference between the saved detail and `base` (the detail as the server last acknowledged it).
// Pure functions, so the merge rules are unit-tested without a browser:
// - Only the fields that differ are sent, per item, so two people answering different items merge
//   on the server. Each answer carries the item version this device last had from the server and
//   when it was saved here, so the same field changed by two people follows the no-silent-overwrite
//   rule (decision 0038): the later change wins and the other person is told, never silently.
// - Each step is idempotent on the server (answers by value, photos by Idempotency-Key, completing a
//   completed audit is a 200), and `base` moves after each acknowledged step, so a step repeated
//   after a lost answer or a closed tab changes nothing: every change lands once.

import { templateItems } from "@sitesnag/shared/audit-template-model";
import { type AuditDetail, type AuditFormData, type ChecklistItem, newChecklist } from "@sitesnag/shared/audits";
import type { AuditPatch } from "@sitesnag/shared/audits-api";
import { ANSWER_FIELDS } from "../storage/changed-items";
import { EMPTY_FORM } from "./server-audit";

type Answer = NonNullable<AuditPatch["answers"]>[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a new audit on the server holds before anything is sent: nothing answered, nothing signed. */
export function blankDetail(current: AuditDetail): AuditDetail {
  return {
    ...current,
    notes: "",
    formData: EMPTY_FORM,
    checklist: newChecklist(current.template),
    auditorSignature: "",
    auditorSignedAt: null,
    siteRepName: "",
    siteRepSignature: "",
    siteRepSignedAt: null,
  };
}

export type AuditChanges = {
  /** Audit-level fields (notes, site details, audit date); null when none changed. */
  fields: Omit<AuditPatch, "answers" | "auditorSignature" | "siteRepName" | "siteRepSignature" | "status"> | null;
  /** Per item, only the fields that changed. */
  answers: Answer[];
  /** Local photos the server does not have yet, in the order taken. */
  addPhotos: { itemId: string; photoId: string }[];
  /** Server photos of local photos removed since (by the server's photo id). */
  removePhotos: { itemId: string; photoId: string; serverPhotoId: string }[];
  /**
   * Signatures (each with the time it was made on this device) and the site representative's
   * name, when any differ; `complete` when both are signed.
   */
  signatures: Pick<
    AuditPatch,
    "auditorSignature" | "auditorSignedAt" | "siteRepName" | "siteRepSignature" | "siteRepSignedAt"
  > | null;
  complete: boolean;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const itemsById = (items: readonly ChecklistItem[]) => new Map(items.map((i) => [i.id, i]));

export const isSigned = (d: AuditDetail) => Boolean(d.auditorSignature && d.siteRepSignature);

export function auditChanges(
  base: AuditDetail | null,
  current: AuditDetail,
  photoMap: Readonly<Record<string, string>>,
  serverCompleted: boolean,
  /** Item versions as the server last acknowledged them; absent for a record made before 0038. */
  versions?: Readonly<Record<string, number>>,
): AuditChanges {
  const from = base ?? blankDetail(current);
  const formData: Partial<AuditFormData> = {};
  for (const key of Object.keys(current.formData) as (keyof AuditFormData)[]) {
    if (!same(current.formData[key], from.formData[key])) Object.assign(formData, { [key]: current.formData[key] });
  }
  const fields: NonNullable<AuditChanges["fields"]> = {};
  if (Object.keys(formData).length > 0) fields.formData = formData;
  if (current.notes !== from.notes) fields.notes = current.notes;
  if (formData.auditDate !== undefined && ISO_DATE.test(current.formData.auditDate))
    fields.auditDate = current.formData.auditDate;

  const before = itemsById(from.checklist);
  // A number or text item is answered by its value (the server works out its status); a status
  // item by its status alone (decision 0028).
  const byValue = new Set(
    current.template
      ? templateItems(current.template)
          .filter((t) => t.answerSet === "number" || t.answerSet === "text")
          .map((t) => t.id)
      : [],
  );
  const answers: Answer[] = [];
  const addPhotos: AuditChanges["addPhotos"] = [];
  const removePhotos: AuditChanges["removePhotos"] = [];
  for (const item of current.checklist) {
    const old = before.get(item.id);
    const answer: Answer = { itemId: item.id };
    for (const field of ANSWER_FIELDS) {
      if (field === (byValue.has(item.id) ? "status" : "value")) continue;
      const now = item[field] ?? blankItem[field];
      if (!same(now, old?.[field] ?? blankItem[field])) Object.assign(answer, { [field]: now });
    }
    if (Object.keys(answer).length > 1) {
      if (versions)
        Object.assign(answer, { version: versions[item.id] ?? 0, deviceAt: item.changedAt ?? current.updatedAt });
      answers.push(answer);
    }
    const had = new Set(old?.photos ?? []);
    for (const photoId of item.photos) if (!had.has(photoId)) addPhotos.push({ itemId: item.id, photoId });
    const has = new Set(item.photos);
    for (const photoId of old?.photos ?? []) {
      const serverPhotoId = photoMap[photoId];
      if (!has.has(photoId) && serverPhotoId) removePhotos.push({ itemId: item.id, photoId, serverPhotoId });
    }
  }

  const signatures: NonNullable<AuditChanges["signatures"]> = {};
  // An audit signed offline at 09:00 and synced at 14:00 was signed at 09:00: the time goes with it.
  if (current.auditorSignature !== from.auditorSignature) {
    signatures.auditorSignature = current.auditorSignature;
    if (current.auditorSignature && current.auditorSignedAt !== null)
      signatures.auditorSignedAt = current.auditorSignedAt;
  }
  if (current.siteRepSignature !== from.siteRepSignature) {
    signatures.siteRepSignature = current.siteRepSignature;
    if (current.siteRepSignature && current.siteRepSignedAt !== null)
      signatures.siteRepSignedAt = current.siteRepSignedAt;
  }
  if (current.siteRepName !== from.siteRepName) signatures.siteRepName = current.siteRepName.trim();

  return {
    fields: Object.keys(fields).length > 0 ? fields : null,
    answers,
    addPhotos,
    removePhotos,
    signatures: Object.keys(signatures).length > 0 ? signatures : null,
    complete: isSigned(current) && !serverCompleted,
  };
}

const blankItem: Pick<ChecklistItem, (typeof ANSWER_FIELDS)[number]> = {
  status: "",
  notes: "",
  riskSeverity: null,
  riskLikelihood: null,
  actionOwner: "",
  dueDate: null,
  value: "",
};

export const hasChanges = (c: AuditChanges): boolean =>
  c.fields !== null ||
  c.answers.length > 0 ||
  c.addPhotos.length > 0 ||
  c.removePhotos.length > 0 ||
  c.signatures !== null ||
  c.complete;

/** The versions of `items` (all of them, or those named) as the server answered them. */
export function itemVersions(
  items: readonly { id: string; version?: number | undefined }[],
  only?: readonly { itemId: string }[],
): Record<string, number> {
  const named = only ? new Set(only.map((a) => a.itemId)) : null;
  return Object.fromEntries(items.filter((i) => !named || named.has(i.id)).map((i) => [i.id, i.version ?? 0]));
}

/** `base` once the audit-level fields and answers of `current` were acknowledged (photos kept as they were). */
export function withFieldsAndAnswers(base: AuditDetail | null, current: AuditDetail): AuditDetail {
  const from = base ?? blankDetail(current);
  const photos = new Map(from.checklist.map((i) => [i.id, i.photos]));
  return {
    ...from,
    notes: current.notes,
    formData: current.formData,
    checklist: current.checklist.map((i) => ({ ...i, photos: photos.get(i.id) ?? [] })),
  };
}

/** `base` once one photo was added to (or removed from) an item on the server. */
export function withPhoto(base: AuditDetail, itemId: string, photoId: string, added: boolean): AuditDetail {
  return {
    ...base,
    checklist: base.checklist.map((i) =>
      i.id !== itemId ? i : { ...i, photos: added ? [...i.photos, photoId] : i.photos.filter((p) => p !== photoId) },
    ),
  };
}

/** `base` once the signatures of `current` were acknowledged. */
export const withSignatures = (base: AuditDetail, current: AuditDetail): AuditDetail => ({
  ...base,
  auditorSignature: current.auditorSignature,
  auditorSignedAt: current.auditorSignedAt,
  siteRepName: current.siteRepName,
  siteRepSignature: current.siteRepSignature,
  siteRepSignedAt: current.siteRepSignedAt,
});

/**
 * After a whole-audit upload (import): local photo ids paired with the server's photos of the same
 * item by position (the server keeps the order sent); a photo the server did not take stays unmapped.
 */
export function pairPhotos(
  detail: AuditDetail,
  serverItems: readonly { id: string; photos: readonly { id: string }[] }[],
): Record<string, string> {
  const server = new Map(serverItems.map((i) => [i.id, i.photos]));
  const map: Record<string, string> = {};
  for (const item of detail.checklist) {
    const theirs = server.get(item.id) ?? [];
    item.photos.forEach((photoId, n) => {
      const match = theirs[n];
      if (match) map[photoId] = match.id;
    });
  }
  return map;
}
