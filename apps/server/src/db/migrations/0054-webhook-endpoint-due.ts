import { type Kysely, sql } from "kysely";

// Webhook worker claims per endpoint (issue 38, decision 0079): the worker asks, endpoint by
// endpoint, for that endpoint's due deliveries (so a slow endpoint's backlog never fills the claim),
// which this partial index answers without reading the other endpoints' rows, in the order the claim
// takes them (next_attempt_at, id), so a claim of 16 reads about 16 entries rather than sorting the
// endpoint's whole backlog. Same on SQLite and PostgreSQL (both have partial indexes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_deliveries_endpoint_due on webhook_deliveries (webhook_id, next_attempt_at, id) where state = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists webhook_deliveries_endpoint_due`.execute(db);
}
