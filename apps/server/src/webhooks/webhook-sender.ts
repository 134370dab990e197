// One attempt of a delivery: a POST signed the Standard Webhooks way (the `standardwebhooks`
// library signs; headers webhook-id, webhook-timestamp, webhook-signature), with a 10 s deadline
// for the whole exchange, no redirects followed, and the first kilobyte of the answer kept. The
// connection resolves its host through `guardedLookup`, so a private address is refused even when
// the name pointed elsewhere when the endpoint was saved.
import http from "node:http";
import https from "node:https";
import { WEBHOOK_RESPONSE_KEPT_BYTES } from "@sitesnag/shared/webhooks";
import { Webhook } from "standardwebhooks";
import { guardedLookup, privateLiteralOf, WEBHOOK_PRIVATE_ADDRESS } from "./webhook-address";

export const SEND_TIMEOUT_MS = 10_000;
const USER_AGENT = "SiteSnag-Webhooks/1.0";

export type AttemptResult = {
  statusCode: number | null;
  durationMs: number;
  response: string;
  error: string | null;
};

export type Sender = { send: (message: OutgoingWebhook) => Promise<AttemptResult>; close: () => void };

export type OutgoingWebhook = { url: string; secret: string; id: string; body: string };

/** The headers of one attempt: its time is the attempt's (receivers may refuse old ones). */
export function signedHeaders(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
  };
}

export function createSender(options: { allowPrivate: boolean; timeoutMs?: number }): Sender {
  const lookup = options.allowPrivate ? undefined : guardedLookup;
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 8, ...(lookup ? { lookup } : {}) }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 8, ...(lookup ? { lookup } : {}) }),
  };
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;

  const send = (message: OutgoingWebhook): Promise<AttemptResult> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(message.url);
    if (!options.allowPrivate && privateLiteralOf(url)) {
      return Promise.resolve({ statusCode: null, durationMs: 0, response: "", error: WEBHOOK_PRIVATE_ADDRESS });
    }
    const protocol = url.protocol === "https:" ? "https:" : "http:";
    const request = protocol === "https:" ? https.request : http.request;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<AttemptResult, "durationMs">) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({ ...result, durationMs: elapsed() });
      };
      const req = request(
        url,
        { method: "POST", agent: agents[protocol], headers: signedHeaders(message.secret, message.id, message.body) },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            const response = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEPT_BYTES).toString("utf8");
            finish({ statusCode: res.statusCode ?? null, response, error: null });
          };
          res.on("data", (chunk: Buffer) => {
            if (kept < WEBHOOK_RESPONSE_KEPT_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            // Enough kept: the rest of a large answer is not read.
            if (kept >= WEBHOOK_RESPONSE_KEPT_BYTES) {
              done();
              res.destroy();
            }
          });
          res.on("end", done);
          res.on("error", done);
        },
      );
      const deadline = setTimeout(() => {
        req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} seconds`));
      }, timeoutMs);
      req.on("error", (err: NodeJS.ErrnoException) => {
        const reason = err.code === "EWEBHOOKPRIVATE" ? WEBHOOK_PRIVATE_ADDRESS : err.message || String(err.code);
        finish({ statusCode: null, response: "", error: reason.slice(0, 500) });
      });
      req.end(message.body);
    });
  };

  return {
    send,
    close: () => {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
