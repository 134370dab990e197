// The notices of answers another person replaced (decision 0038), loaded after the audit has
// painted: read from the server (GET /api/audits/{id}/overwrites) once the audit is there and after
// every sync run, less those this device chose to keep theirs for. Each shows on its item.
import type { AuditOverwrite } from "@sitesnag/shared/audit-overwrites";
import type { AuditSummary } from "@sitesnag/shared/audits";
import { useEffect } from "react";
import { api } from "../../../lib/api-client";
import { readKept, rememberKept } from "../../activity/kept-overwrites";
import { useAuditSyncState } from "../sync/sync-events";
import { useSyncRecord } from "./audit-sync-ui";
import type { ItemNotice } from "./item-notice";

export { restoreAnswer } from "../sync/audit-sync-web";
export { rememberKept };

export function AuditOverwritesFeed({
  summary,
  onNotices,
}: {
  summary: AuditSummary;
  onNotices: (notices: ItemNotice[]) => void;
}) {
  const record = useSyncRecord(summary);
  const sync = useAuditSyncState();
  const serverId = record?.serverId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each sync run
  useEffect(() => {
    if (!serverId) return;
    let current = true;
    void api<{ overwrites: AuditOverwrite[] }>(`/audits/${encodeURIComponent(serverId)}/overwrites`)
      .then(({ overwrites }) => {
        if (!current) return;
        const kept = new Set(readKept());
        onNotices(
          overwrites
            .filter((o) => !kept.has(o.entryId))
            .map((o) => ({
              entryId: o.entryId,
              itemId: o.itemId,
              overwrite: o,
            })),
        );
      })
      .catch(() => undefined); // offline: the notices come with the next run
    return () => {
      current = false;
    };
  }, [serverId, sync.version, onNotices]);
  return null;
}
