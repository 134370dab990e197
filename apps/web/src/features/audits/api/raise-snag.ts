// Non-compliance to snag in one step: a snagging report in the audit's project carrying the
// item's question, notes and photos, with a priority from the item's risk score, linked back to
// the item. The Idempotency-Key is fixed per audit item, so a retry after a lost answer returns
// the same report instead of creating a second one.
import { priorityForRisk, riskScore } from "@sitesnag/shared/audit-scoring";
import type { AuditSummary, ChecklistItem, SnagLink } from "@sitesnag/shared/audits";
import { generateReference } from "@sitesnag/shared/reference";
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { snagDescription } from "../snag-description";
import { auditRepository } from "./audit-store";

export type RaiseSnagInput = { userId: string; summary: AuditSummary; item: ChecklistItem; number: string };

export async function raiseSnag({ userId, summary, item, number }: RaiseSnagInput): Promise<SnagLink> {
  const stored = await auditRepository.getPhotos(item.photos);
  // In the item's order, so photo N pairs with description segment N.
  const photos = item.photos.flatMap((id) => stored.filter((p) => p.id === id));
  const form = new FormData();
  form.set("projectId", summary.projectId);
  form.set("title", generateReference());
  const day = new Date(summary.auditDate * 1000).toISOString().slice(0, 10);
  form.set("description", snagDescription(item, number, day, photos.length));
  form.set("category", "safety");
  form.set("priority", priorityForRisk(riskScore(item.riskSeverity, item.riskLikelihood)));
  if (item.dueDate !== null) form.set("dueDate", String(item.dueDate));
  photos.forEach((photo, n) => {
    form.append("images", photo.blob, `audit-item-${number}-photo-${n + 1}.jpg`);
  });
  const { report } = await api<{ report: Report }>("/snagging", {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": `audit-item-${summary.id}-${item.id}` },
  });
  const link = { id: report.id, reference: report.title };
  await auditRepository.linkSnag(userId, summary.id, item.id, link);
  return link;
}

// networkMode "always": offline, the request fails at once (and says so) instead of waiting unseen.
export const useRaiseSnag = () => useMutation({ mutationFn: raiseSnag, networkMode: "always" });
