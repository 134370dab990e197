import type { AuditDetail, ChecklistItem } from "@sitesnag/shared/audits";
import { ArrowLeft, FileDown, Printer, Save } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { loadAuditStore } from "./api/audit-store";
import { useRaiseSnag } from "./api/use-raise-snag";
import type { ItemNotice } from "./components/item-notice";
import { AuditStatusBadge } from "./components/score-badge";
import { loadAuditSavePath } from "./save-path";

// The sync state, Download PDF, the lock note and a new revision: after the audit has painted.
const loadSyncUi = () => import("./components/audit-sync-ui");
const AuditSyncStatus = lazy(() => loadSyncUi().then((m) => ({ default: m.AuditSyncStatus })));
const AuditServerActions = lazy(() => loadSyncUi().then((m) => ({ default: m.AuditServerActions })));
const AuditLockNote = lazy(() => loadSyncUi().then((m) => ({ default: m.AuditLockNote })));
const AuditDeleteAction = lazy(() => loadSyncUi().then((m) => ({ default: m.AuditDeleteAction })));
// Answers of yours another person replaced (decision 0038): a notice on the item, with Restore.
const loadOverwrites = () => import("./components/audit-overwrites");
const AuditOverwritesFeed = lazy(() => loadOverwrites().then((m) => ({ default: m.AuditOverwritesFeed })));
const syncNow = (userId: string) =>
  void import("./sync/sync-events").then((m) => m.syncAuditsNow(userId)).catch(() => undefined);

import { useAuditEditor } from "./use-audit-editor";
import { useMediaQuery } from "./use-media-query";
import { usePendingSnagLinks } from "./use-pending-snag-links";
import { usePhotoUrls } from "./use-photo-urls";

// An audit this device has no copy of is read from the server, in a chunk of its own.
const ServerAuditView = lazy(() => import("./server-audit-view").then((m) => ({ default: m.ServerAuditView })));
const SignaturesView = lazy(() => import("./components/signatures-view").then((m) => ({ default: m.SignaturesView })));

// The signature pads (signature_pad) and photo compression are not needed for the first paint:
// both start downloading when this screen's chunk runs, in parallel with the audit store, and the
// signatures (below the 27-item checklist) show a placeholder of their size until then (issue 7).
const loadSignatures = () => import("./components/signatures-panel");
const SignaturesPanel = lazy(() => loadSignatures().then((m) => ({ default: m.SignaturesPanel })));
const loadCompressor = () => import("./compress-photo");
void loadSignatures().catch(() => undefined);
// The score panels (compliance chart and risk matrix) and the audit's body (site details form, the
// 27-item checklist) likewise, in two chunks: nothing of an audit shows before the store has read
// it, and the store (started by the route's loader) is the larger download, so the screen's
// loading state lasts no longer than before.
const loadAuditScores = () => import("./components/audit-scores");
const loadAuditSheet = () => import("./components/audit-sheet");
const AuditScores = lazy(() => loadAuditScores().then((m) => ({ default: m.AuditScores })));
void loadAuditScores().catch(() => undefined);
const AuditFormDataFields = lazy(() => loadAuditSheet().then((m) => ({ default: m.AuditFormDataFields })));
// The checklist, where answers are given, shows with what saving one needs (save-path.ts).
const savePath = loadAuditSavePath().catch(() => undefined);
const AuditChecklist = lazy(async () => {
  const [m] = await Promise.all([loadAuditSheet(), savePath]);
  return { default: m.AuditChecklist };
});
void loadAuditSheet().catch(() => undefined);
// Raising a snag (with the outbox it queues into offline), adding photos and exporting load once
// the audit has painted, so they work when the signal drops afterwards (the service worker's
// precache covers a cold start offline).
const warmActions = () =>
  Promise.all([
    loadCompressor(),
    import("./api/raise-snag"),
    import("../../offline/outbox"),
    import("./audit-exports"),
  ]).catch(() => undefined);

// The device's own storage errors (StorageFullError, UnreadablePhotoError) carry their sentence.
const storageMessage = (error: unknown, fallback: string) =>
  error instanceof Error && (error.name === "StorageFullError" || error.name === "UnreadablePhotoError")
    ? error.message
    : fallback;

export function AuditPage() {
  const { id = "" } = useParams();
  const userId = useAuthStore((s) => s.user?.id ?? "");
  const t = useT();
  const locale = useLocale();
  const { state, update, save, reload } = useAuditEditor(userId, id);
  const [isSaving, setSaving] = useState(false);
  const [addingPhotosTo, setAddingPhotosTo] = useState<string | null>(null);
  const detail = state.phase === "ready" ? state.detail : null;
  const photoUrls = usePhotoUrls(detail ? detail.checklist.flatMap((i) => i.photos) : []);
  const isWide = useMediaQuery("(min-width: 1024px)");
  const raise = useRaiseSnag();
  const [notices, setNotices] = useState<ItemNotice[]>([]);
  const [restoring, setRestoring] = useState<string | null>(null);
  const onNotices = useCallback((list: ItemNotice[]) => setNotices(list), []);
  usePendingSnagLinks(userId, detail, update);
  useEffect(() => void warmActions(), []);
  if (state.phase === "loading") return <LoadingState label={t("audits.audit.loading")} />;
  if (state.phase === "failed") return <ErrorState message={t("audits.audit.unreadable")} onRetry={reload} />;
  if (state.phase === "missing")
    return (
      <Suspense fallback={<LoadingState label={t("audits.audit.loading")} />}>
        <ServerAuditView id={id} onTaken={() => void reload()} />
      </Suspense>
    );

  const { summary, isDirty, restoredDraft } = state;
  const current = state.detail;
  // A completed (signed) audit is locked; a new revision reopens it (decision 0026).
  const isLocked = summary.status === "completed";

  const change = (patch: Partial<AuditDetail>) => update((d) => ({ ...d, ...patch }));
  const changeItem = (itemId: string, patch: Partial<ChecklistItem>) =>
    update((d) => ({ ...d, checklist: d.checklist.map((i) => (i.id === itemId ? { ...i, ...patch } : i)) }));

  async function onSave() {
    setSaving(true);
    try {
      await save();
      toast.success(t("audits.audit.saved"));
      syncNow(userId);
    } catch (error) {
      toast.error(storageMessage(error, t("audits.audit.saveFailed")));
    } finally {
      setSaving(false);
    }
  }

  async function onAddPhotos(itemId: string, files: File[]) {
    setAddingPhotosTo(itemId);
    try {
      const ids: string[] = [];
      for (const file of files)
        ids.push(
          await (await loadAuditStore()).auditRepository.addPhoto(
            id,
            await (await loadCompressor()).compressPhoto(file),
          ),
        );
      update((d) => ({
        ...d,
        checklist: d.checklist.map((i) => (i.id === itemId ? { ...i, photos: [...i.photos, ...ids].slice(0, 20) } : i)),
      }));
    } catch (error) {
      toast.error(storageMessage(error, t("audits.audit.photoFailed")));
    } finally {
      setAddingPhotosTo(null);
    }
  }

  const dismiss = (notice: ItemNotice) => setNotices((list) => list.filter((n) => n.entryId !== notice.entryId));
  async function onRestore(notice: ItemNotice) {
    setRestoring(notice.entryId);
    try {
      await (await loadOverwrites()).restoreAnswer(userId, id, notice.overwrite);
      dismiss(notice);
      toast.success(t("audits.audit.restored", { label: notice.overwrite.label, answer: notice.overwrite.yourText }));
    } catch (error) {
      toast.error(errorMessage(error, t("audits.audit.restoreFailed")));
    } finally {
      setRestoring(null);
    }
  }
  // Theirs on this device too (saved at once unless other changes wait for Save Audit).
  function onKeepTheirs(notice: ItemNotice) {
    void loadOverwrites().then((m) => m.rememberKept(notice.entryId));
    dismiss(notice);
    changeItem(notice.itemId, notice.overwrite.theirs as Partial<ChecklistItem>);
    if (!isDirty) void onSave();
  }

  // Rendered once, beside the checklist on wide screens and above it on phones.
  const scores = <AuditScores checklist={current.checklist} template={current.template} />;

  function onRaiseSnag(item: ChecklistItem, number: string) {
    raise.mutate(
      { userId, summary, item, number },
      {
        onSuccess: (link) => {
          changeItem(item.id, { snag: link });
          if (link.pending) toast.info(t("audits.audit.snagOffline"));
          else toast.success(t("audits.audit.snagRaised", { reference: link.reference }));
        },
        onError: (error) => toast.error(errorMessage(error, t("audits.audit.snagFailed"))),
      },
    );
  }

  const saveButton = (extra?: string) => (
    <Button onClick={onSave} isLoading={isSaving} className={extra}>
      <Save aria-hidden className="size-4" />
      {t("audits.audit.save")}
    </Button>
  );

  return (
    <Suspense fallback={<LoadingState label={t("audits.audit.loading")} />}>
      <div className="pb-16">
        <PageHeader
          title={current.formData.projectName || summary.projectName}
          subtitle={
            <span className="flex flex-wrap items-center gap-2">
              {t("audits.audit.subtitle", { date: formatDateFor(locale, summary.auditDate) })}{" "}
              <AuditStatusBadge status={summary.status} />
              <span role="status" className="text-slate-600">
                {isDirty && !isLocked ? t("audits.audit.unsaved") : t("audits.audit.allSaved")}
              </span>
              <Suspense fallback={null}>
                <AuditSyncStatus summary={summary} />
              </Suspense>
              {!isLocked && (
                <Suspense fallback={null}>
                  <AuditOverwritesFeed summary={summary} onNotices={onNotices} />
                </Suspense>
              )}
            </span>
          }
          actions={
            <>
              <Link to="/app/audits" className={buttonClass("secondary")}>
                <ArrowLeft aria-hidden className="size-4" />
                {t("audits.audit.back")}
              </Link>
              <Suspense fallback={null}>
                <AuditServerActions summary={summary} onReopened={() => void reload()} />
              </Suspense>
              <Button
                variant="secondary"
                onClick={() =>
                  void import("./audit-exports")
                    .then(({ printAudit }) => printAudit(summary, current, t, locale))
                    .catch(() => toast.error(t("audits.audit.exportFailed")))
                }
              >
                <Printer aria-hidden className="size-4" />
                {t("audits.audit.print")}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  if (isDirty) toast.info(t("audits.audit.exportUnsaved"));
                  void import("./audit-exports")
                    .then(({ exportAuditFile }) => exportAuditFile(userId, summary))
                    .catch(() => toast.error(t("audits.audit.exportFailed")));
                }}
              >
                <FileDown aria-hidden className="size-4" />
                {t("audits.audit.exportFile")}
              </Button>
              <Suspense fallback={null}>
                <AuditDeleteAction summary={summary} />
              </Suspense>
              {!isLocked && saveButton()}
            </>
          }
        />
        {isLocked && (
          <Suspense fallback={null}>
            <AuditLockNote summary={summary} />
          </Suspense>
        )}
        {restoredDraft && !isLocked && (
          <p
            role="status"
            className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800 ring-1 ring-brand-600/30"
          >
            {t("audits.audit.draftRestored")}
          </p>
        )}
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-5">
            <fieldset disabled={isLocked} className="min-w-0">
              <AuditFormDataFields
                value={current.formData}
                notes={current.notes}
                onChange={(patch) => update((d) => ({ ...d, formData: { ...d.formData, ...patch } }))}
                onNotes={(notes) => change({ notes })}
              />
            </fieldset>
            {!isWide && scores}
            <AuditChecklist
              checklist={current.checklist}
              template={current.template}
              photoUrls={photoUrls}
              addingPhotosTo={addingPhotosTo}
              raisingSnagFor={raise.isPending ? (raise.variables?.item.id ?? null) : null}
              onItemChange={changeItem}
              onAddPhotos={onAddPhotos}
              onRaiseSnag={onRaiseSnag}
              readOnly={isLocked}
              notices={isLocked ? undefined : { list: notices, restoring, onRestore, onKeepTheirs }}
            />
            <Suspense
              fallback={
                <section aria-busy="true" className="h-72 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
              }
            >
              {isLocked ? <SignaturesView detail={current} /> : <SignaturesPanel detail={current} onChange={change} />}
            </Suspense>
          </div>
          {isWide && (
            <aside aria-label={t("audits.audit.scores")}>
              <div className="sticky top-20">{scores}</div>
            </aside>
          )}
        </div>
        {!isLocked && (
          <div className="fixed bottom-20 right-4 z-30 lg:bottom-6 lg:right-6">{saveButton("shadow-lg")}</div>
        )}
      </div>
    </Suspense>
  );
}
