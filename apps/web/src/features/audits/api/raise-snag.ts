// Non-compliance to snag in one step: a snagging report in the audit's project carrying the
// item's question, notes and photos, with a priority from the item's risk score, linked back to
// the item. The Idempotency-Key is fixed per audit item, so a retry after a lost answer returns
// the same report instead of creating a second one. With no network the report goes to the
// offline outbox under that same key as its tempId (the server takes a create's tempId as its
// Idempotency-Key), so a request that committed before the network dropped is not applied twice;
// the item's link stays pending until the outbox has synced it (resolvePendingSnags).
import { priorityForRisk, riskScore } from "@sitesnag/shared/audit-scoring";
import type { AuditSummary, ChecklistItem, SnagLink } from "@sitesnag/shared/audits";
import { generateReference } from "@sitesnag/shared/reference";
import type { Report } from "@sitesnag/shared/snagging";
import type { Trade } from "@sitesnag/shared/trades";
import { api } from "../../../lib/api-client";
import { snagDescription } from "../snag-description";
import { loadAuditStore } from "./audit-store";

export type RaiseSnagInput = {
  userId: string;
  summary: AuditSummary;
  item: ChecklistItem;
  number: string;
  /** The workspace's trades as this device last read them (undefined: never loaded). */
  trades?: readonly Trade[] | undefined;
};

/**
 * The trade an audit's snag is filed under (issue 36): `safety` while the workspace still offers
 * it; once retired (or deleted) none is sent, and the server files it under the workspace's default
 * trade (`other`, or the first one offered), so raising a snag is never refused for its trade.
 */
export const auditSnagCategory = (trades: readonly Trade[]): string | undefined =>
  trades.some((t) => t.key === "safety" && !t.retired) ? "safety" : undefined;

/** The trades from the device's cache, else asked for; unknown (offline, never loaded): none sent. */
async function liveTrades(known: readonly Trade[] | undefined): Promise<readonly Trade[]> {
  if (known) return known;
  try {
    return (await api<{ trades: Trade[] }>("/trades")).trades;
  } catch {
    return [];
  }
}

export async function raiseSnag({ userId, summary, item, number, trades }: RaiseSnagInput): Promise<SnagLink> {
  const stored = await (await loadAuditStore()).auditRepository.getPhotos(item.photos);
  // In the item's order, so photo N pairs with description segment N.
  const photos = item.photos
    .flatMap((id) => stored.filter((p) => p.id === id))
    .map((photo, n) => ({ blob: photo.blob, name: `audit-item-${number}-photo-${n + 1}.jpg` }));
  const day = new Date(summary.auditDate * 1000).toISOString().slice(0, 10);
  const draft = {
    projectId: summary.projectId,
    title: generateReference(),
    description: snagDescription(item, number, day, photos.length),
    category: auditSnagCategory(await liveTrades(navigator.onLine ? trades : (trades ?? []))),
    priority: priorityForRisk(riskScore(item.riskSeverity, item.riskLikelihood)),
    dueDate: item.dueDate,
    photos,
  };
  const key = `audit-item-${summary.id}-${item.id}`;
  let link: SnagLink;
  try {
    if (!navigator.onLine) throw new TypeError("offline");
    link = await postSnag(draft, key);
  } catch (err) {
    // fetch rejects with a TypeError when no answer came back: the network, not the server.
    if (!(err instanceof TypeError)) throw err;
    const { queueCreate } = await import("../../../offline/outbox");
    await queueCreate(userId, { ...draft, assignedTo: null, location: null, pageUrl: null }, key);
    link = { id: key, reference: draft.title, pending: true };
  }
  await (await loadAuditStore()).auditRepository.linkSnag(userId, summary.id, item.id, link);
  return link;
}

type SnagDraft = {
  projectId: string;
  title: string;
  description: string;
  category: string | undefined;
  priority: string;
  dueDate: number | null;
  photos: { blob: Blob; name: string }[];
};

async function postSnag(draft: SnagDraft, key: string): Promise<SnagLink> {
  const form = new FormData();
  form.set("projectId", draft.projectId);
  form.set("title", draft.title);
  form.set("description", draft.description);
  if (draft.category) form.set("category", draft.category);
  form.set("priority", draft.priority);
  if (draft.dueDate !== null) form.set("dueDate", String(draft.dueDate));
  for (const photo of draft.photos) form.append("images", photo.blob, photo.name);
  const { report } = await api<{ report: Report }>("/snagging", {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": key },
  });
  return { id: report.id, reference: report.title };
}

/**
 * Pending links whose report the outbox has synced since: answers item id → the real link.
 * The outbox keeps each synced create's tempId → server id.
 */
export async function resolvePendingSnags(
  userId: string,
  checklist: readonly ChecklistItem[],
): Promise<Map<string, SnagLink>> {
  const resolved = new Map<string, SnagLink>();
  if (!checklist.some((i) => i.snag?.pending)) return resolved;
  const { outboxFor } = await import("../../../offline/outbox");
  const ids = await outboxFor(userId).mappings();
  for (const i of checklist) {
    const id = i.snag?.pending ? ids.get(i.snag.id) : undefined;
    if (i.snag && id) resolved.set(i.id, { id, reference: i.snag.reference });
  }
  return resolved;
}

// networkMode "always": offline, the request fails at once (and says so) instead of waiting unseen.
