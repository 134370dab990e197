// The audit screen's server side (decision 0027), in a chunk of its own fetched after the audit has
// painted: the sync state, Download PDF, the lock note, Start a new revision and Delete. All follow
// the audit's sync record, re-read after each sync run and each save.
import type { AuditSummary } from "@sitesnag/shared/audits";
import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLocale, useT } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import type { AuditSyncRecord } from "../../../offline/audit-records";
import { useAuthStore } from "../../../stores/auth-store";
import { loadAuditStore } from "../api/audit-store";
import { downloadAuditPdf } from "../pdf/download-pdf";
import { localSyncState } from "../sync/audit-list";
import { startAuditSync, useAuditSyncState } from "../sync/sync-events";
import { SYNC_LABELS } from "./labels";

export function useSyncRecord(summary: AuditSummary): AuditSyncRecord | undefined {
  const sync = useAuditSyncState();
  const [record, setRecord] = useState<AuditSyncRecord | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read after each run and each save
  useEffect(() => {
    let current = true;
    void loadAuditStore()
      .then(({ auditRepository }) => auditRepository.getSync(summary.id))
      .then((r) => current && setRecord(r))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [summary.id, summary.updatedAt, sync.version]);
  return record;
}

export function AuditSyncStatus({ summary }: { summary: AuditSummary }) {
  const t = useT();
  const record = useSyncRecord(summary);
  const sync = useAuditSyncState();
  useEffect(() => startAuditSync(summary.userId), [summary.userId]);
  const state = localSyncState(summary, record);
  return (
    <span role="status" aria-label={t("audits.sync.status")} className="text-slate-600">
      {sync.running && state !== "synced" ? t("audits.sync.syncing") : t(SYNC_LABELS[state])}
      {record?.error ? `: ${record.error}` : ""}
    </span>
  );
}

export function AuditServerActions({ summary, onReopened }: { summary: AuditSummary; onReopened: () => void }) {
  const t = useT();
  const record = useSyncRecord(summary);
  const [busy, setBusy] = useState<"pdf" | "revision" | null>(null);
  if (!record?.serverId) return null;
  const serverId = record.serverId;

  async function onDownloadPdf() {
    if (localSyncState(summary, record) !== "synced") toast.info(t("audits.pdf.lastSynced"));
    setBusy("pdf");
    try {
      await downloadAuditPdf(serverId, summary.projectName);
    } catch (error) {
      toast.error(errorMessage(error, t("audits.pdf.failed")));
    } finally {
      setBusy(null);
    }
  }

  async function onStartRevision() {
    setBusy("revision");
    try {
      const { audit } = await api<{ audit: { revision: number } }>(`/audits/${serverId}/revisions`, { method: "POST" });
      await (await loadAuditStore()).auditRepository.reopen(summary.userId, summary.id);
      toast.success(t("audits.revisionStarted", { revision: audit.revision }));
      onReopened();
    } catch (error) {
      toast.error(errorMessage(error, t("audits.revisionFailed")));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button variant="secondary" isLoading={busy === "pdf"} onClick={() => void onDownloadPdf()}>
        {t("audits.pdf.download")}
      </Button>
      {summary.status === "completed" && record.completed && (
        <Button isLoading={busy === "revision"} onClick={() => void onStartRevision()}>
          {t("audits.newRevision")}
        </Button>
      )}
    </>
  );
}

export function AuditLockNote({ summary }: { summary: AuditSummary }) {
  const t = useT();
  const record = useSyncRecord(summary);
  return (
    <p role="status" className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
      {t("audits.locked")} {record?.completed ? t("audits.locked.revise") : t("audits.locked.untilSynced")}
    </p>
  );
}

/** "Moorland Wind Farm, Nov 25, 2026": how the confirmation names the audit being deleted. */
const auditName = (locale: string, projectName: string, auditDate: number) =>
  `${projectName}, ${formatDateFor(locale, auditDate)}`;

/** The one confirmation before an audit is deleted, from the device's audit screen or the server's. */
export function DeleteAuditDialog({
  audit,
  onDevice,
  open,
  isPending,
  onCancel,
  onConfirm,
}: {
  audit: { projectName: string; auditDate: number };
  /** Whether this device keeps a copy (it goes from here at once, from the server when online). */
  onDevice: boolean;
  open: boolean;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const name = auditName(useLocale(), audit.projectName, audit.auditDate);
  return (
    <ConfirmDialog
      open={open}
      title={t("audits.delete.title")}
      message={onDevice ? t("audits.delete.onDevice", { name }) : t("audits.delete.server", { name })}
      confirmLabel={t("audits.delete.confirm")}
      isPending={isPending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Delete, as the server allows it (decision 0026): a draft by its auditor or an owner, a completed
 * audit by an owner only. Works offline: the server's copy goes through the next sync run.
 */
export function AuditDeleteAction({ summary }: { summary: AuditSummary }) {
  const t = useT();
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  if (summary.status === "completed" && !isOwner) return null;

  async function onDelete() {
    setDeleting(true);
    try {
      await (await import("../sync/audit-sync-web")).deleteDeviceAudit(summary.userId, summary.id);
      toast.success(navigator.onLine ? t("audits.delete.done") : t("audits.delete.doneOffline"));
      navigate("/app/audits", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, t("audits.delete.failed")));
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t("audits.delete.button")}
      </Button>
      <DeleteAuditDialog
        audit={summary}
        onDevice
        open={isConfirming}
        isPending={isDeleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
