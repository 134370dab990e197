// How many of this user's audits on this device the workspace does not have yet (never uploaded:
// their sync record has no server id), for the dashboard's Audits Run: the server counts the rest
// (GET /api/audits/count), so each audit is counted once. Local data, so it answers offline.
// Imported lazily, only by a user with audits kept here: it loads the store (Dexie).
import { loadAuditStore } from "./audit-store";

export async function countNotUploadedAudits(userId: string): Promise<number> {
  const { auditRepository } = await loadAuditStore();
  const uploaded = new Set((await auditRepository.syncRecords(userId)).flatMap((r) => (r.serverId ? [r.auditId] : [])));
  return auditRepository.list(userId).filter((summary) => !uploaded.has(summary.id)).length;
}
