import { type Kysely, sql } from "kysely";

// Webhooks (issue 38, decision 0073). Endpoints per workspace; one delivery row per (event,
// endpoint) written by the dispatcher in the same transaction that claims the live event it comes
// from (live_events.webhooks_claimed_at, a second claim beside the live relay's published_at), so
// an event is never lost between the two; one attempt row per try of a delivery.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    /** JSON array of WEBHOOK_EVENTS. */
    .addColumn("events", "text", (c) => c.notNull())
    /** The signing secret, encrypted (auth/secret-box.ts): it must be read back to sign. */
    .addColumn("secret_encrypted", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("disabled_at", "bigint")
    .addColumn("disabled_reason", "text")
    .addColumn("failing_since", "bigint")
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("webhooks_workspace").on("webhooks").columns(["workspace_id", "created_at"]).execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("webhook_id", "text", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    /** The live event it was made from; null for a test ping. */
    .addColumn("event_id", "bigint")
    /** The JSON body, fixed when the delivery is made: every attempt sends the same bytes. */
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** Epoch ms; retries count their three days from here (a redelivery moves it). */
    .addColumn("queued_at", "bigint", (c) => c.notNull())
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  // The worker's poll reads only pending rows.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex("webhook_deliveries_webhook")
    .on("webhook_deliveries")
    .columns(["webhook_id", "created_at"])
    .execute();
  // One delivery per event and endpoint, whatever races the dispatcher meets.
  await sql`create unique index webhook_deliveries_event on webhook_deliveries (event_id, webhook_id) where event_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("webhook_attempts_delivery")
    .on("webhook_attempts")
    .columns(["delivery_id", "at"])
    .execute();

  await db.schema.alterTable("live_events").addColumn("webhooks_claimed_at", "bigint").execute();
  // Events written before webhooks existed have nobody to go to.
  await sql`update live_events set webhooks_claimed_at = created_at`.execute(db);
  await sql`create index live_events_webhooks_unclaimed on live_events (id) where webhooks_claimed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists live_events_webhooks_unclaimed`.execute(db);
  await db.schema.alterTable("live_events").dropColumn("webhooks_claimed_at").execute();
  await db.schema.dropTable("webhook_attempts").ifExists().execute();
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhooks").ifExists().execute();
}
