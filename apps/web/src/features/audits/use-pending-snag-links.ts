// An audit item whose snag was raised offline links to the queued report by its tempId. Once the
// outbox has synced it, the link is swapped for the server's id, in the saved audit and the
// draft, so the item opens the real report. Checked while any link is pending.
import type { AuditDetail, SnagLink } from "@sitesnag/shared/audits";
import { useEffect, useRef } from "react";
import { loadAuditStore } from "./api/audit-store";

const CHECK_EVERY_MS = 3000;

export function usePendingSnagLinks(
  userId: string,
  detail: AuditDetail | null,
  update: (change: (detail: AuditDetail) => AuditDetail) => void,
): void {
  // The latest values, read by the timer: the check is re-armed only when the set of pending
  // items changes, not on every keystroke in the audit.
  const latest = useRef({ detail, update });
  latest.current = { detail, update };
  const pendingKey = detail?.checklist.flatMap((i) => (i.snag?.pending ? [i.id] : [])).join(",") ?? "";

  useEffect(() => {
    if (!pendingKey) return;
    let isCancelled = false;
    async function check() {
      const current = latest.current.detail;
      if (!current) return;
      const resolved = await import("./api/raise-snag")
        .then(({ resolvePendingSnags }) => resolvePendingSnags(userId, current.checklist))
        .catch(() => new Map<string, SnagLink>());
      for (const [itemId, link] of resolved) {
        if (isCancelled) return;
        await (await loadAuditStore()).auditRepository
          .linkSnag(userId, current.auditId, itemId, link)
          .catch(() => undefined);
        latest.current.update((d) => ({
          ...d,
          checklist: d.checklist.map((i) => (i.id === itemId ? { ...i, snag: link } : i)),
        }));
      }
    }
    void check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      isCancelled = true;
      window.clearInterval(timer);
    };
  }, [pendingKey, userId]);
}
