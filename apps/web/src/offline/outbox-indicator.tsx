// Header indicator (issue 10): how many changes wait, when the last sync succeeded, 'Sync now',
// and each failed item's error with Retry and Discard (which asks first). It also runs the sync
// loop: on start when online, on reconnect and when the tab becomes visible.
// The header loads this small chunk once the page has loaded, while online; the outbox itself
// (Dexie, zod) is imported when used: by then whoever queued a change has loaded it, so it
// resolves from memory even with no network (outbox-presence.ts).

import type { PartialBulk } from "@sitesnag/shared/sync-queue";
import { useQueryClient } from "@tanstack/react-query";
import { CloudOff, RefreshCw, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../components/confirm-dialog";
import type { Message } from "../i18n/i18n";
import { msg, useLocale, useT } from "../i18n/use-t";
import { toast } from "../lib/toast";
import { useAuthStore } from "../stores/auth-store";
import { OUTBOX_SYNCED_CHANNEL, type OutboxSynced } from "./background-sync-tag";
import { formatBytes } from "./format-bytes";
import { OutboxBackupPanel } from "./outbox-backup-panel";
import { retryDelay } from "./retry-delay";
import { isIosBrowserTab, staleDays } from "./stale-outbox";
import { useUploadProgress } from "./upload-progress";
import { useOutbox } from "./use-outbox";

const loadOutbox = () => import("./outbox");

const time = (at: number, locale: string) =>
  new Date(at).toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
const LABELS: Record<string, Message> = {
  create: msg("sync.action.create"),
  status: msg("sync.action.status"),
  update: msg("sync.action.update"),
  delete: msg("sync.action.delete"),
  comment_add: msg("sync.action.commentAdd"),
  comment_edit: msg("sync.action.commentEdit"),
  comment_delete: msg("sync.action.commentDelete"),
  bulk: msg("sync.action.bulk"),
};

export function OutboxIndicator({ syncOnStart = true }: { syncOnStart?: boolean }) {
  const t = useT();
  const locale = useLocale();
  // The sync loop's callbacks outlive a language switch: they read the translator through a ref.
  const tRef = useRef(t);
  tRef.current = t;
  const userId = useAuthStore((s) => s.user?.id);
  const queryClient = useQueryClient();
  // Bulk changes made offline that reached only some of their reports (decision 0085): kept in
  // the outbox's database with the item's completion, shown until the person closes them.
  const { items, lastSync, photoBytes, notices } = useOutbox();
  const [open, setOpen] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [discarding, setDiscarding] = useState<string | null>(null);

  const progress = useUploadProgress((s) => s.progress);
  // Failed runs in a row, and the timer of the next try (backoff with jitter, retry-delay.ts).
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const sync = useCallback(async () => {
    if (!userId || !navigator.onLine) return;
    clearTimeout(retryTimer.current);
    setSyncing(true);
    let gotThrough = true;
    try {
      const outcome = await (await loadOutbox()).syncOutbox(userId);
      if (outcome && outcome.sent > 0) await queryClient.invalidateQueries();
      if (outcome?.failed) toast.error(tRef.current("sync.failed", { count: outcome.failed }));
      if (outcome?.error) gotThrough = false;
    } catch (err) {
      // SPEC §8: a failed sync is logged and the items stay queued.
      console.warn("sync failed", err);
      gotThrough = false;
    } finally {
      setSyncing(false);
    }
    if (gotThrough) {
      failures.current = 0;
    } else if (navigator.onLine) {
      // A connection that drops mid-upload: try again soon, then less often, never in lockstep.
      retryTimer.current = setTimeout(() => void syncRef.current(), retryDelay(failures.current));
      failures.current += 1;
    }
  }, [userId, queryClient]);
  const syncRef = useRef(sync);
  syncRef.current = sync;
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  // The service worker sent the queue with Background Sync (sw/outbox-sync.ts): the queue's view
  // follows IndexedDB on its own, but the screens' server data must be fetched again.
  useEffect(() => {
    if (!userId || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(OUTBOX_SYNCED_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<OutboxSynced>) => {
      if (data?.userId !== userId) return;
      if (data.sent > 0) void queryClient.invalidateQueries();
      if (data.failed > 0) toast.error(tRef.current("sync.failed", { count: data.failed }));
    };
    return () => channel.close();
  }, [userId, queryClient]);

  const [startSync] = useState(syncOnStart);
  useEffect(() => {
    if (startSync) void sync();
    const onVisible = () => document.visibilityState === "visible" && void sync();
    window.addEventListener("online", sync);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", sync);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [sync, startSync]);

  const notice = userId && notices.length > 0 && (
    <PartialBulkNotice
      partial={notices}
      onClose={() =>
        void loadOutbox().then(async (m) => {
          for (const n of notices) await m.outboxFor(userId).dismissNotice(n.id);
        })
      }
    />
  );
  if (!userId || (items.length === 0 && lastSync === null)) return notice || null;
  return (
    <div className="relative">
      {notice}
      <StaleOutboxBanner timestamps={items.map((i) => i.timestamp)} onOpen={() => setOpen(true)} />
      <button
        type="button"
        aria-expanded={open}
        aria-controls="outbox-panel"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 whitespace-nowrap rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
      >
        {items.length > 0 ? (
          <CloudOff aria-hidden className="size-5 text-amber-600" />
        ) : (
          <RefreshCw aria-hidden className="size-5" />
        )}
        {progress ? (
          <span>
            {t("sync.photosProgress", { done: progress.photosDone, total: progress.photosTotal })}
            <span className="hidden sm:inline">
              {t("sync.bytesLeft", { size: formatBytes(progress.bytesLeft, locale) })}
            </span>
          </span>
        ) : (
          <span>{items.length > 0 ? t("sync.pendingCount", { count: items.length }) : t("sync.synced")}</span>
        )}
      </button>
      {open && (
        <div
          id="outbox-panel"
          className="fixed inset-x-2 top-16 z-40 rounded-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 border border-slate-200 bg-white p-3 text-sm shadow-lg"
        >
          <p>{t("sync.waiting", { count: items.length })}</p>
          {progress && (
            <div className="my-2">
              <p role="status">
                {t("sync.uploading", {
                  done: progress.photosDone,
                  total: progress.photosTotal,
                  size: formatBytes(progress.bytesLeft, locale),
                })}
              </p>
              <progress
                className="h-2 w-full"
                aria-label={t("sync.uploadProgress")}
                max={progress.photosTotal}
                value={progress.photosDone}
              />
            </div>
          )}
          <p className="text-slate-600">{t("sync.storage", { size: formatBytes(photoBytes, locale) })}</p>
          <p className="text-slate-600">
            {lastSync ? t("sync.lastSynced", { time: time(lastSync, locale) }) : t("sync.lastSyncedNever")}
          </p>
          <ul className="mt-2 max-h-64 space-y-2 overflow-auto">
            {items.map((item) => (
              <li key={item.id} className="rounded border border-slate-200 p-2">
                <span className="font-medium">
                  {LABELS[item.action] ? t(LABELS[item.action] as Message) : item.action}
                </span>
                {item.error && (
                  <>
                    <p role="alert" className="text-red-700">
                      {item.error}
                    </p>
                    <div className="mt-1 flex gap-2">
                      <button
                        type="button"
                        className="underline"
                        onClick={() =>
                          void loadOutbox()
                            .then((m) => m.outboxFor(userId).retry(item.id))
                            .then(sync)
                        }
                      >
                        {t("sync.retry")}
                      </button>
                      <button type="button" className="text-red-700 underline" onClick={() => setDiscarding(item.id)}>
                        {t("sync.discard")}
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
          <OutboxBackupPanel canDownload={items.length > 0} />
          <button
            type="button"
            disabled={syncing || !navigator.onLine}
            onClick={() => void sync()}
            className="mt-3 w-full rounded-lg bg-slate-900 px-3 py-2 font-medium text-white disabled:opacity-50"
          >
            {syncing ? t("sync.syncing") : t("sync.syncNow")}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title={t("sync.discardTitle")}
        message={t("sync.discardMessage")}
        confirmLabel={t("sync.discard")}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void loadOutbox().then((m) => m.outboxFor(userId).discard(discarding));
          setDiscarding(null);
        }}
      />
    </div>
  );
}

/**
 * A bulk change made offline that reached only some of its reports (decisions 0080, 0085): which
 * were not changed and why, until the person closes it (the item itself is done: nothing is left
 * to retry). Kept in IndexedDB, so it is still there after a reload or a sync by the service worker.
 */
function PartialBulkNotice({ partial, onClose }: { partial: readonly PartialBulk[]; onClose: () => void }) {
  const t = useT();
  return (
    <section
      role="alert"
      aria-label={t("sync.bulkPartial.label")}
      className="fixed inset-x-2 top-16 z-50 mx-auto max-w-md rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 shadow-xl sm:inset-x-auto sm:end-4"
    >
      <div className="flex items-start gap-3">
        <div className="flex-1 space-y-2">
          {partial.map((bulk) => (
            <div key={bulk.id}>
              <p className="font-semibold">
                {t("sync.bulkPartial.summary", {
                  changed: bulk.total - bulk.failures.length,
                  total: bulk.total,
                })}
              </p>
              <ul className="mt-1 max-h-40 list-disc space-y-1 overflow-y-auto ps-5">
                {bulk.failures.map((f) => (
                  <li key={f.id}>
                    {t("sync.bulkPartial.failure", {
                      title: f.title ?? t("sync.bulkPartial.unknown"),
                      error: f.error,
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("common.close")}
          className="flex size-11 items-center justify-center rounded-lg hover:bg-amber-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </section>
  );
}

/** After 3 days with unsynced work: say so, offer the panel (Sync now, backup); on iOS, the install note. */
function StaleOutboxBanner({ timestamps, onOpen }: { timestamps: number[]; onOpen: () => void }) {
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  const days = staleDays(timestamps, Date.now());
  if (days === null || dismissed) return null;
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches ?? false;
  return (
    <section
      aria-label={t("sync.stale.label")}
      className="fixed inset-x-0 top-16 z-20 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-sm"
    >
      <p>{t("sync.stale.text", { days })}</p>
      {isIosBrowserTab(navigator, standalone) && <p className="mt-1">{t("sync.stale.ios")}</p>}
      <div className="mt-2 flex gap-3">
        <button type="button" className="font-semibold underline" onClick={onOpen}>
          {t("sync.stale.show")}
        </button>
        <button type="button" className="underline" onClick={() => setDismissed(true)}>
          {t("sync.stale.later")}
        </button>
      </div>
    </section>
  );
}
