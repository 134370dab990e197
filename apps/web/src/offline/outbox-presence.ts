// Whether the signed-in user has an outbox in this browser, without loading it. Dexie, the queue
// and the sync schemas (zod) are about 50 KiB gzip: on a cold start with nothing ever queued here
// (nearly every start) they are not needed, so the header's indicator and the screens' pending
// badges load them only once the user's outbox database exists, and then at once (issue 7).
// Queuing a change creates the database and announces it here, in this tab and the others.

import { useEffect, useState } from "react";

export const outboxDatabaseName = (userId: string) => `sitesnag-outbox-${userId}`;

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

/** A change was queued for `userId`: views waiting for an outbox load it now, in every tab. */
export function announceOutbox(userId: string): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: userId }));
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(userId);
  channel.close();
}

/**
 * Calls `then` once `userId` has an outbox: at once if it exists (`createdNow` false), else when
 * one is announced (`createdNow` true: a change was just queued in this session).
 */
export function whenOutboxExists(userId: string, then: (createdNow: boolean) => void): () => void {
  let done = false;
  const fire = (createdNow: boolean) => {
    if (done) return;
    done = true;
    stop();
    then(createdNow);
  };
  const onEvent = (event: Event) => (event as CustomEvent<string>).detail === userId && fire(true);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = (event: MessageEvent<string>) => event.data === userId && fire(true);
  window.addEventListener(EVENT, onEvent);
  const stop = () => {
    window.removeEventListener(EVENT, onEvent);
    channel?.close();
  };
  void outboxExists(userId).then((exists) => exists && fire(false));
  return () => {
    done = true;
    stop();
  };
}

export type OutboxPresence = { exists: false } | { exists: true; createdNow: boolean };

/** Whether `userId` has an outbox in this browser yet, and whether it was created in this session. */
export function useOutboxPresence(userId: string | undefined): OutboxPresence {
  const [found, setFound] = useState<{ userId: string; createdNow: boolean } | null>(null);
  useEffect(() => {
    if (!userId) return;
    return whenOutboxExists(userId, (createdNow) => setFound({ userId, createdNow }));
  }, [userId]);
  return found && found.userId === userId ? { exists: true, createdNow: found.createdNow } : { exists: false };
}
