// A live stream (GET /api/events) read the way the web app reads it: fetch with the access token
// in a header, the body parsed as Server-Sent Events as it arrives (packages/shared/src/live.ts).
import { createSseParser, type LiveEvent, type SseMessage } from "@sitesnag/shared/live";

export type LiveClient = {
  status: number;
  messages: SseMessage[];
  /** Every `change` event so far, parsed. */
  events: () => LiveEvent[];
  /** The raw text received so far (heartbeats included). */
  text: () => string;
  /** Resolves with the first message `test` accepts (already received or still to come). */
  next: (test: (m: SseMessage) => boolean, timeoutMs?: number) => Promise<SseMessage>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openLive(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<LiveClient> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<{ test: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }>();
  let raw = "";
  const parse = createSseParser((message) => {
    messages.push(message);
    for (const w of [...waiters])
      if (w.test(message)) {
        waiters.delete(w);
        w.resolve(message);
      }
  });
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        parse(text);
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    messages,
    events: () => messages.filter((m) => m.event === "change").map((m) => JSON.parse(m.data) as LiveEvent),
    text: () => raw,
    next: (test, timeoutMs = 5_000) => {
      const found = messages.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no such message within ${timeoutMs} ms; got ${raw}`));
        }, timeoutMs).unref();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}

/** A `change` event of `type` about `subjectId`. */
export const change =
  (type: string, subjectId?: string) =>
  (m: SseMessage): boolean => {
    if (m.event !== "change") return false;
    const event = JSON.parse(m.data) as LiveEvent;
    return event.type === type && (subjectId === undefined || event.subjectId === subjectId);
  };
