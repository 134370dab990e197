// Whether the signed-in user has an outbox in this browser, without loading it. Dexie, the queue
// and the sync schemas (zod) are about 50 KiB gzip: on a cold start with nothing ever queued here
// (nearly every start) they are not needed, so the header's indicator and the screens' pending
// badges load them only once the user's outbox database exists, and then at once (issue 7).
// Queuing a change creates the database and announces it here, in this tab and the others.

import { useEffect, useState } from "react";
import { outboxDatabaseName } from "./outbox-names";

export { outboxDatabaseName };

const CHANNEL = "sitesnag-outbox";
const EVENT = "sitesnag:outbox-created";

/**
 * True when `userId`'s outbox database exists in this browser. A browser that cannot list its
 * databases (or fails to) answers true: the outbox is then loaded as if it had something.
 */
export async function outboxExists(userId: string): Promise<boolean> {
  try {
    if (typeof indexedDB === "undefined") return false;
    if (typeof indexedDB.databases !== "function") return true;
    const name = outboxDatabaseName(userId);
    return (await indexedDB.databases()).some((db) => db.name === name);
  } catch {
    return true;
  }
}

type Announcement = { userId: string; offline: boolean };

/**
 * A change was queued for `userId`: views waiting for an outbox load it now, in every tab. It says
 * whether the browser was offline then, so a view mounted after the connection came back knows it
 * missed the reconnect.
 */
export function announceOutbox(userId: string): void {
  const announcement: Announcement = { userId, offline: !navigator.onLine };
  window.dispatchEvent(new CustomEvent(EVENT, { detail: announcement }));
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(announcement);
  channel.close();
}

export type OutboxFound = {
  /** The outbox was announced in this session (a change just queued), not found at start. */
  createdNow: boolean;
  /** Announced while the browser was offline. */
  queuedOffline: boolean;
};

/**
 * Calls `then` once `userId` has an outbox: at once if it exists, else when one is announced.
 */
export function whenOutboxExists(userId: string, then: (found: OutboxFound) => void): () => void {
  let done = false;
  const fire = (found: OutboxFound) => {
    if (done) return;
    done = true;
    stop();
    then(found);
  };
  const announced = (a: Announcement | undefined) =>
    a?.userId === userId && fire({ createdNow: true, queuedOffline: a.offline });
  const onEvent = (event: Event) => announced((event as CustomEvent<Announcement>).detail);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = (event: MessageEvent<Announcement>) => announced(event.data);
  window.addEventListener(EVENT, onEvent);
  const stop = () => {
    window.removeEventListener(EVENT, onEvent);
    channel?.close();
  };
  void outboxExists(userId).then((exists) => exists && fire({ createdNow: false, queuedOffline: false }));
  return () => {
    done = true;
    stop();
  };
}

export type OutboxPresence = { exists: false } | ({ exists: true } & OutboxFound);

/** Whether `userId` has an outbox in this browser yet, and how it came to (see OutboxFound). */
export function useOutboxPresence(userId: string | undefined): OutboxPresence {
  const [found, setFound] = useState<(OutboxFound & { userId: string }) | null>(null);
  useEffect(() => {
    if (!userId) return;
    return whenOutboxExists(userId, (f) => setFound({ ...f, userId }));
  }, [userId]);
  return found && found.userId === userId
    ? { exists: true, createdNow: found.createdNow, queuedOffline: found.queuedOffline }
    : { exists: false };
}
