// How many of this user's audits on this device the workspace does not have yet (never uploaded:
// their sync record has no server id), for the dashboard's Audits Run: the server counts the rest
// (GET /api/audits/count), so each audit is counted once. Read again after every sync run; local
// data, so it answers offline. The store (Dexie) loads only when there are audits here to read.
import { useQuery } from "@tanstack/react-query";
import { useAuditSyncState } from "../sync/sync-events";
import { loadAuditStore } from "./audit-store";

export async function countNotUploadedAudits(userId: string): Promise<number> {
  const { auditRepository } = await loadAuditStore();
  const uploaded = new Set((await auditRepository.syncRecords(userId)).flatMap((r) => (r.serverId ? [r.auditId] : [])));
  return auditRepository.list(userId).filter((summary) => !uploaded.has(summary.id)).length;
}

/** 0 until read, and when `enabled` is false (no audits kept here). */
export function useNotUploadedAudits(userId: string, enabled: boolean): number {
  const { version } = useAuditSyncState();
  const query = useQuery({
    queryKey: ["audits", userId, "not-uploaded", version],
    queryFn: () => countNotUploadedAudits(userId),
    enabled,
    networkMode: "always",
    staleTime: 0,
  });
  return enabled ? (query.data ?? 0) : 0;
}
