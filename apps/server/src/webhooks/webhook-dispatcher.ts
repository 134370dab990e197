// Live events → webhook deliveries (decision 0073). The live events outbox (events.writer.ts,
// decision 0068) is written in the transaction of every change; this claims committed rows by a
// second mark of their own (webhooks_claimed_at, beside the live relay's published_at) and writes
// one delivery per subscribed endpoint in the SAME transaction as the claim: an event is either
// still unclaimed or has its deliveries, whatever crashes when. `for update skip locked` lets
// every instance dispatch at once without two taking the same event (one writer on SQLite).
import { newId } from "../ids";
import { webhookBody, webhookEventOf } from "./webhook-payload";
import type { WebhookWorkerDeps } from "./webhook-worker";
import { eventsOf } from "./webhooks.presenter";
import {
  claimEventsForWebhooks,
  findEnabledWebhooks,
  hasUnclaimedEvents,
  insertDeliveries,
} from "./webhooks.repository";

/**
 * Events claimed per transaction. On SQLite (better-sqlite3, on the server's own thread, one
 * connection) a transaction keeps every request waiting until it commits, so it is kept short and
 * the event loop is yielded to between two (decision 0079).
 */
const CLAIM_BATCH = { postgres: 200, sqlite: 25 } as const;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Claims waiting live events and writes their deliveries; answers how many deliveries were made. */
export async function dispatchEvents(deps: Pick<WebhookWorkerDeps, "db" | "dbKind">): Promise<number> {
  let made = 0;
  const batch = CLAIM_BATCH[deps.dbKind];
  for (;;) {
    if (!(await hasUnclaimedEvents(deps.db))) return made;
    const { claimed, deliveries } = await deps.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const events = await claimEventsForWebhooks(trx, deps.dbKind, now, batch);
      const relevant = events.filter((e) => webhookEventOf(e.type));
      const workspaces = [...new Set(relevant.map((e) => e.workspace_id))];
      const endpoints = workspaces.length > 0 ? await findEnabledWebhooks(trx, workspaces) : [];
      const rows = [];
      for (const event of relevant) {
        const type = webhookEventOf(event.type);
        if (!type) continue;
        const targets = endpoints.filter(
          (w) =>
            w.workspace_id === event.workspace_id &&
            eventsOf(w.events).includes(type) &&
            // An endpoint hears of changes from its creation on.
            event.created_at >= Number(w.created_at) * 1000,
        );
        if (targets.length === 0) continue;
        const payload = await webhookBody(trx, type, event);
        for (const target of targets) {
          rows.push({
            id: newId(),
            webhook_id: target.id,
            workspace_id: event.workspace_id,
            type,
            event_id: event.id,
            payload,
            state: "pending" as const,
            attempts: 0,
            queued_at: now,
            next_attempt_at: now,
            lease_owner: null,
            lease_until: null,
            created_at: now,
            delivered_at: null,
          });
        }
      }
      for (let i = 0; i < rows.length; i += 100) await insertDeliveries(trx, rows.slice(i, i + 100));
      return { claimed: events.length, deliveries: rows.length };
    });
    made += deliveries;
    if (claimed < batch) return made;
    if (deps.dbKind === "sqlite") await yieldToRequests();
  }
}
