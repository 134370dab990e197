// The shell's banner while audits kept in this browser move up to the workspace (issue 25): on the
// first signed-in start after the change, and whenever audits made offline reach the server for the
// first time. A refusal leaves the device copy as it was and is tried again on the next run.

import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t";
import { startAuditSync, useAuditSyncState } from "./sync-events";

/** On the audits page: syncs, shows the banner, and tells the list when a run has finished. */
export function AuditListSync({ userId, onSynced }: { userId: string; onSynced: () => void }) {
  const { version } = useAuditSyncState();
  const latest = useRef(onSynced);
  latest.current = onSynced;
  useEffect(() => {
    if (version > 0) latest.current();
  }, [version]);
  return <AuditUploadBanner userId={userId} />;
}

export function AuditUploadBanner({ userId }: { userId: string }) {
  const t = useT();
  const sync = useAuditSyncState();
  useEffect(() => startAuditSync(userId), [userId]);
  const progress = sync.progress;
  if (sync.running && progress && progress.firstUploads > 0) {
    return (
      <p
        role="status"
        className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-600/30"
      >
        {t("audits.upload.progress", { done: progress.uploadsDone, total: progress.uploadsTotal })}
      </p>
    );
  }
  if (!sync.running && sync.last && sync.last.failed > 0) {
    const n = sync.last.failed;
    return (
      <p
        role="status"
        className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-600/30"
      >
        {t("audits.upload.failed", { count: n })}{" "}
        <Link to="/app/audits" className="font-semibold underline">
          {t("audits.upload.see")}
        </Link>
      </p>
    );
  }
  return null;
}
