// The audits page's list: the workspace's audits from the server merged with this device's copies,
// each with its sync state. Pure, so the merge rules are unit-tested.

import type { AuditSummary } from "@sitesnag/shared/audits";
import type { AuditSummaryApi } from "@sitesnag/shared/audits-api";
import type { AuditSyncRecord } from "../../../offline/audit-records";

export type SyncState = "server" | "synced" | "pending" | "not-uploaded" | "failed";

export type AuditRow = {
  /** The route id: the device copy's id when this device has one, else the server's. */
  id: string;
  serverId: string | null;
  projectId: string;
  projectName: string;
  auditDate: number;
  auditorName: string;
  status: "draft" | "completed";
  overallScore: number;
  revision: number;
  sync: SyncState;
  error: string | null;
};

export type LocalAudit = { summary: AuditSummary; sync: AuditSyncRecord | undefined };
export type AuditFilters = { projectId?: string | undefined; status?: "draft" | "completed" | undefined };

export function localSyncState(summary: AuditSummary, record: AuditSyncRecord | undefined): SyncState {
  if (record?.error) return "failed";
  if (!record?.serverId) return "not-uploaded";
  return record.syncedUpdatedAt >= summary.updatedAt ? "synced" : "pending";
}

export const SYNC_LABELS: Record<SyncState, string> = {
  server: "On the server",
  synced: "Synced",
  pending: "Waiting to sync",
  "not-uploaded": "On this device only",
  failed: "Sync failed",
};

/**
 * One row per audit, newest audit date first. A device copy stands for its server audit (matched by
 * the server id it was given, or by the server's clientId), since it may hold changes not sent yet;
 * device copies not on the server yet are listed too. Filters apply to both. Audits deleted on
 * this device whose delete has not reached the server yet (`deleted`: server ids, or the device's
 * ids of audits whose server id it never learnt, matched by clientId) are left out.
 */
export function mergeAudits(
  local: readonly LocalAudit[],
  server: readonly AuditSummaryApi[],
  filters: AuditFilters,
  deleted: readonly string[] = [],
) {
  const byServerId = new Map<string, AuditSummaryApi>(server.map((a) => [a.id, a]));
  const byClientId = new Map<string, AuditSummaryApi>(
    server.flatMap((a) => (a.clientId ? [[a.clientId, a] as const] : [])),
  );
  const taken = new Set<string>(deleted);
  const rows: AuditRow[] = [];
  for (const { summary, sync } of local) {
    const remote = (sync?.serverId ? byServerId.get(sync.serverId) : undefined) ?? byClientId.get(summary.id);
    if (remote) taken.add(remote.id);
    if (filters.projectId && summary.projectId !== filters.projectId) continue;
    if (filters.status && summary.status !== filters.status) continue;
    rows.push({
      id: summary.id,
      serverId: sync?.serverId ?? remote?.id ?? null,
      projectId: summary.projectId,
      projectName: summary.projectName,
      auditDate: summary.auditDate,
      auditorName: summary.auditorName,
      status: summary.status,
      overallScore: summary.overallScore,
      revision: remote?.revision ?? 1,
      sync: localSyncState(summary, sync),
      error: sync?.error ?? null,
    });
  }
  for (const a of server) {
    if (taken.has(a.id) || (a.clientId && taken.has(a.clientId))) continue;
    if (filters.projectId && a.projectId !== filters.projectId) continue;
    if (filters.status && a.status !== filters.status) continue;
    rows.push({
      id: a.id,
      serverId: a.id,
      projectId: a.projectId,
      projectName: a.projectName,
      auditDate: a.auditDate,
      auditorName: a.auditorName,
      status: a.status,
      overallScore: a.overallScore,
      revision: a.revision,
      sync: "server",
      error: null,
    });
  }
  return rows.sort((a, b) => b.auditDate - a.auditDate);
}
