// The signed-in tab's live stream (issue 39, decision 0069): GET /api/events read with fetch, the
// access token in its header (EventSource cannot send one). Loaded as its own chunk after the first
// screen has painted (app-shell.tsx), so no screen's first load pays for it. Guarantees:
// - One stream per tab; it reconnects with backoff and Last-Event-ID, so what was missed is replayed
//   (or a `reset` refetches every screen's data).
// - No stream while the tab has been hidden for over a minute (a phone in a pocket) or offline;
//   on coming back it reconnects and catches up.
// - A 401 refreshes the access token through the app's one refresh path (api-client.ts); no token
//   (signed out), no stream.
// - Events only mark cached queries stale (query-client invalidation, batched): the active screens
//   refetch, never a page reload, and a form being edited keeps what the user typed.
import { createSseParser, type LiveEvent } from "@sitesnag/shared/live";
import { queryClient } from "../../app/query-client";
import { refreshAccessToken } from "../../lib/api-client";
import { useAuthStore } from "../../stores/auth-store";
import { backoffMs, staleKeysOf } from "./live-events";

const HIDDEN_GRACE_MS = 60_000;
const BATCH_MS = 150;

let started = false;

export function startLiveUpdates(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  let lastEventId: string | undefined;
  let abort: AbortController | undefined;
  let attempt = 0;
  let retryTimer: number | undefined;
  let hiddenTimer: number | undefined;
  let pending = new Set<string>();
  let flushScheduled = false;

  const later = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    window.setTimeout(flush, BATCH_MS);
  };
  const flush = () => {
    flushScheduled = false;
    const keys = [...pending].map((k) => JSON.parse(k) as unknown[]);
    pending = new Set();
    for (const queryKey of keys) {
      // A query fetching now (a list loading its next page after Load more) is left to finish:
      // invalidating it would cancel that fetch and the tap would seem to do nothing. Its key waits
      // for the next round, so the change still reaches the screen once the fetch is done.
      if (queryClient.isFetching({ queryKey }) > 0) pending.add(JSON.stringify(queryKey));
      else void queryClient.invalidateQueries({ queryKey });
    }
    if (pending.size > 0) later();
  };
  const stale = (keys: readonly (readonly unknown[])[]) => {
    for (const key of keys) pending.add(JSON.stringify(key));
    later();
  };
  const apply = (event: LiveEvent) => stale(staleKeysOf(event));

  // Signed in, online, and visible (or hidden for less than a minute).
  const wanted = () =>
    !!useAuthStore.getState().accessToken &&
    navigator.onLine &&
    (document.visibilityState !== "hidden" || hiddenTimer !== undefined);

  const stop = () => {
    abort?.abort();
    abort = undefined;
    window.clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const schedule = (ms: number) => {
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(() => void connect(), ms);
  };

  const connect = async (): Promise<void> => {
    retryTimer = undefined;
    if (abort || !wanted()) return;
    const token = useAuthStore.getState().accessToken;
    if (!token) return;
    const controller = new AbortController();
    abort = controller;
    let delay: number | undefined;
    try {
      const res = await fetch("/api/events", {
        headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        cache: "no-store",
        signal: controller.signal,
      });
      if (res.status === 401) {
        // Refreshed (or, refused, the app signs out and there is no token to reconnect with).
        delay = (await refreshAccessToken(token).catch(() => null)) ? 0 : backoffMs(attempt++);
        return;
      }
      if (res.status === 400) lastEventId = undefined;
      if (!res.ok || !res.body) {
        delay = backoffMs(attempt++ + (res.status === 429 ? 3 : 0));
        return;
      }
      const parse = createSseParser((message) => {
        if (message.id !== undefined) lastEventId = message.id;
        if (message.event === "ready") attempt = 0;
        else if (message.event === "reset") stale([[]]);
        else if (message.event === "change") apply(JSON.parse(message.data) as LiveEvent);
        else if (message.event === "closing") delay = 200 + Math.round(Math.random() * 800);
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(value);
      }
      delay ??= backoffMs(attempt++);
    } catch {
      // Aborted here (hidden, offline, signed out), or the network dropped.
      if (!controller.signal.aborted) delay = backoffMs(attempt++);
    } finally {
      if (abort === controller) abort = undefined;
      if (delay !== undefined && wanted()) schedule(delay);
    }
  };

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      hiddenTimer = window.setTimeout(() => {
        hiddenTimer = undefined;
        stop();
      }, HIDDEN_GRACE_MS);
    } else {
      window.clearTimeout(hiddenTimer);
      hiddenTimer = undefined;
      if (!abort) schedule(0);
    }
  });
  window.addEventListener("offline", stop);
  window.addEventListener("online", () => schedule(0));
  useAuthStore.subscribe((state, before) => {
    if (!state.accessToken) stop();
    else if (!before.accessToken || (!abort && !retryTimer)) schedule(0);
  });
  void connect();
}
