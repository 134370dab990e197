// An audit this device has no copy of: read from the server (every workspace member sees the
// workspace's audits). The auditor or an owner may take a copy to edit here (a draft), or start a
// new revision of a completed one; everyone else reads it. Loaded only when an audit is not local.
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { ArrowLeft, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { loadAuditStore } from "./api/audit-store";
import { useServerAudit } from "./api/audits-api";
import { AuditScores } from "./components/audit-scores";
import { AuditChecklist, AuditFormDataFields } from "./components/audit-sheet";
import { DeleteAuditDialog } from "./components/audit-sync-ui";
import { AuditStatusBadge } from "./components/score-badge";
import { SignaturesView } from "./components/signatures-view";
import { downloadAuditPdf } from "./pdf/download-pdf";
import { serverAuditToLocal, serverPhotoUrls } from "./sync/server-audit";

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.blob();
}

/** Keeps a copy of the server audit on this device (photos and signature images with it), to edit. */
async function takeCopy(audit: AuditApi, userId: string): Promise<void> {
  const { summary, detail } = serverAuditToLocal(audit, userId);
  const photos = await Promise.all(
    audit.items.flatMap((i) => i.photos.map(async (p) => ({ id: p.id, blob: await fetchBlob(p.url) }))),
  );
  const signature = async (url: string) => (url ? toDataUrl(await fetchBlob(url)) : "");
  const signed = {
    ...detail,
    auditorSignature: await signature(detail.auditorSignature),
    siteRepSignature: await signature(detail.siteRepSignature),
  };
  // The item versions of this copy: a later answer here is compared with changes made after it (0038).
  const versions = Object.fromEntries(audit.items.map((i) => [i.id, i.version ?? 0]));
  await (await loadAuditStore()).auditRepository.adopt(summary, signed, photos, audit.status === "completed", versions);
}

export function ServerAuditView({ id, onTaken }: { id: string; onTaken: () => void }) {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [localId, setLocalId] = useState<string | null | undefined>(undefined);
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState<"copy" | "revision" | "pdf" | "delete" | null>(null);
  const [isConfirming, setConfirming] = useState(false);

  // A device copy made under another id (its clientId): open that one.
  useEffect(() => {
    let current = true;
    void loadAuditStore()
      .then(({ auditRepository }) => auditRepository.syncRecords(user?.id ?? ""))
      .then((records) => current && setLocalId(records.find((r) => r.serverId === id)?.auditId ?? null))
      .catch(() => current && setLocalId(null));
    return () => {
      current = false;
    };
  }, [id, user?.id]);
  useEffect(() => {
    if (localId) navigate(`/app/audits/${localId}`, { replace: true });
  }, [localId, navigate]);

  const query = useServerAudit(id, localId === null);
  const audit = query.data;
  const shown = useMemo(() => (audit ? serverAuditToLocal(audit, user?.id ?? "") : null), [audit, user?.id]);
  const photoUrls = useMemo(() => (audit ? serverPhotoUrls(audit) : {}), [audit]);

  // Offline the request waits (paused) rather than failing: say why at once.
  const isOffline = query.fetchStatus === "paused";
  if (localId !== null || (query.isPending && !isOffline)) return <LoadingState label={t("audits.audit.loading")} />;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // A read that failed after one succeeded (the signal went while it was being fetched again) keeps
  // the audit on screen: only a deleted audit, or none read yet, is replaced by the message.
  if (notFound || !audit || !shown) {
    return notFound || isOffline || !navigator.onLine ? (
      <>
        <PageHeader title={t("audits.server.notFound")} />
        <p className="mb-4 text-slate-700">
          {notFound ? t("audits.server.notInWorkspace") : t("audits.server.unreachable")}
        </p>
        <Link to="/app/audits" className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden className="size-4" />
          {t("audits.server.back")}
        </Link>
      </>
    ) : (
      <ErrorState message={t("audits.server.loadFailed")} onRetry={() => void query.refetch()} />
    );
  }

  const canEdit = audit.auditorId === user?.id || user?.workspaceRole === "owner";
  const isCompleted = audit.status === "completed";
  // As the server allows (decision 0026): a draft by its auditor or an owner, a signed one by an owner.
  const canDelete = canEdit && (!isCompleted || user?.workspaceRole === "owner");

  async function deleteAudit() {
    setBusy("delete");
    try {
      await api(`/audits/${audit?.id}`, { method: "DELETE" });
      toast.success(t("audits.delete.done"));
      navigate("/app/audits", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, t("audits.server.deleteFailed")));
      setBusy(null);
      setConfirming(false);
    }
  }

  async function copyToDevice() {
    if (!user) return;
    setBusy("copy");
    try {
      await takeCopy(audit as AuditApi, user.id);
      onTaken();
    } catch (error) {
      toast.error(errorMessage(error, t("audits.server.copyFailed")));
    } finally {
      setBusy(null);
    }
  }

  async function startRevision() {
    if (!user) return;
    setBusy("revision");
    try {
      const { audit: reopened } = await api<{ audit: AuditApi }>(`/audits/${audit?.id}/revisions`, { method: "POST" });
      await takeCopy(reopened, user.id);
      toast.success(t("audits.revisionStarted", { revision: reopened.revision }));
      onTaken();
    } catch (error) {
      toast.error(errorMessage(error, t("audits.server.revisionFailed")));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="pb-16">
      <PageHeader
        title={shown.detail.formData.projectName || audit.projectName}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            {t("audits.audit.subtitle", { date: formatDateFor(locale, audit.auditDate) })} · {audit.auditorName}
            {audit.revision > 1 ? ` · ${t("audits.revision", { revision: audit.revision })}` : ""}{" "}
            <AuditStatusBadge status={audit.status} />
          </span>
        }
        actions={
          <>
            <Link to="/app/audits" className={buttonClass("secondary")}>
              <ArrowLeft aria-hidden className="size-4" />
              {t("audits.audit.back")}
            </Link>
            <Button
              variant="secondary"
              isLoading={busy === "pdf"}
              onClick={() => {
                setBusy("pdf");
                void downloadAuditPdf(audit.id, audit.projectName)
                  .catch((error) => toast.error(errorMessage(error, t("audits.server.pdfFailed"))))
                  .finally(() => setBusy(null));
              }}
            >
              {t("audits.pdf.download")}
            </Button>
            {canEdit && !isCompleted && (
              <Button isLoading={busy === "copy"} onClick={() => void copyToDevice()}>
                {t("audits.server.edit")}
              </Button>
            )}
            {canEdit && isCompleted && (
              <Button isLoading={busy === "revision"} onClick={() => void startRevision()}>
                {t("audits.newRevision")}
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t("audits.delete.button")}
              </Button>
            )}
          </>
        }
      />
      <p role="status" className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
        {isCompleted ? t("audits.locked") : canEdit ? t("audits.server.readEditable") : t("audits.server.readOnly")}
      </p>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-5">
          <fieldset disabled className="min-w-0">
            <AuditFormDataFields
              value={shown.detail.formData}
              notes={shown.detail.notes}
              onChange={() => undefined}
              onNotes={() => undefined}
            />
          </fieldset>
          <AuditChecklist
            checklist={shown.detail.checklist}
            photoUrls={photoUrls}
            addingPhotosTo={null}
            raisingSnagFor={null}
            onItemChange={() => undefined}
            onAddPhotos={() => undefined}
            readOnly
          />
          <SignaturesView detail={shown.detail} />
        </div>
        <aside aria-label={t("audits.audit.scores")}>
          <AuditScores checklist={shown.detail.checklist} />
        </aside>
      </div>
      <DeleteAuditDialog
        audit={audit}
        onDevice={false}
        open={isConfirming}
        isPending={busy === "delete"}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void deleteAudit()}
      />
    </div>
  );
}
