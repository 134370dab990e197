// Kysely queries of the mail outbox. Claiming a row is one conditional UPDATE: on PostgreSQL the
// row lock makes a second instance re-check the condition and find the lease taken; SQLite writes
// one statement at a time. Either way exactly one instance gets `numUpdatedRows === 1`.
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertOutboxMessage(db: Q, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto("mail_outbox").values(row).execute();
}

/** Ids of messages due now whose lease (if any) has run out, oldest first. */
export async function findDueMessageIds(db: Q, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes the row for `owner` until `leaseUntil`; false when another instance holds or sent it. */
export async function leaseMessage(db: Q, id: string, owner: string, now: number, leaseUntil: number) {
  const result = await db
    .updateTable("mail_outbox")
    .set({ lease_owner: owner, lease_until: leaseUntil })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
}

/** What the stored copy of a sent message shows where its secret was. */
export const REDACTED = "REDACTED";

/** The body with the row's secret (if any) replaced: a sent message keeps no live credential. */
const redacted = (column: "text_body" | "html_body") =>
  sql<string>`case when redact_after_send is null then ${sql.ref(column)} else replace(${sql.ref(column)}, redact_after_send, ${REDACTED}) end`;

export async function markSent(db: Q, id: string, owner: string, now: number): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      text_body: redacted("text_body"),
      html_body: redacted("html_body"),
      redact_after_send: null,
      status: "sent",
      sent_at: now,
      attempts: eb("attempts", "+", 1),
      lease_owner: null,
      lease_until: null,
    }))
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .execute();
}

export async function markAttemptFailed(
  db: Q,
  id: string,
  owner: string,
  failure: { error: string; now: number; nextAttemptAt: number; giveUp: boolean },
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: failure.giveUp ? "failed" : "pending",
      attempts: eb("attempts", "+", 1),
      next_attempt_at: failure.nextAttemptAt,
      last_error: failure.error,
      last_attempt_at: failure.now,
      lease_owner: null,
      lease_until: null,
    }))
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .execute();
}

/** Messages still to send, and the most recent failed attempt's reason (System Settings). */
export async function outboxStatus(db: Q) {
  const [pending, failed, last] = await Promise.all([
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mail_outbox")
      .select(["last_error", "last_attempt_at"])
      .where("last_error", "is not", null)
      .orderBy("last_attempt_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    queued: Number(pending.n),
    failed: Number(failed.n),
    lastError: last?.last_error ?? null,
    lastErrorAt: last?.last_attempt_at ?? null,
  };
}

/**
 * Sent messages are kept a while (System Settings, support questions), then removed. Answers the
 * attached files (the weekly report's PDFs) that no message left in the outbox carries any more:
 * a file lives as long as a message that attaches it, and the caller removes these from storage.
 */
export async function deleteSentBefore(db: Q, before: number): Promise<string[]> {
  const removed = await db
    .deleteFrom("mail_outbox")
    .where("status", "=", "sent")
    .where("sent_at", "<", before)
    .returning("attachment_key")
    .execute();
  const keys = [...new Set(removed.flatMap((r) => (r.attachment_key ? [r.attachment_key] : [])))];
  if (keys.length === 0) return [];
  const kept = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("mail_outbox")
      .select("attachment_key")
      .where("attachment_key", "in", keys.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.attachment_key) kept.add(row.attachment_key);
  }
  return keys.filter((key) => !kept.has(key));
}
