// The live events table (migration 0043): claimed once for fan-out, read back for a replay, pruned.
import { type Kysely, sql, type Transaction } from "kysely";
import type { DbKind } from "../db/database";
import type { Database, LiveEventRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Marks up to `limit` unpublished events published and returns them, oldest first. On PostgreSQL
 * `for update skip locked` lets every instance's relay claim at once without taking the same row
 * twice; SQLite has one writer, so the update alone is enough.
 */
export async function claimUnpublished(db: Q, kind: DbKind, now: number, limit: number): Promise<LiveEventRow[]> {
  const waiting = await db
    .selectFrom("live_events")
    .select("id")
    .where("published_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return [];
  const rows = await db
    .updateTable("live_events")
    .set({ published_at: now })
    .where("id", "in", (eb) => {
      const pick = eb
        .selectFrom("live_events")
        .select("id")
        .where("published_at", "is", null)
        .orderBy("id")
        .limit(limit);
      return kind === "postgres" ? pick.forUpdate().skipLocked() : pick;
    })
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** The newest event's id (0 when there is none): where a fresh stream starts. */
export async function latestEventId(db: Q): Promise<number> {
  const row = await db.selectFrom("live_events").select(sql<number | null>`max(id)`.as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function eventExists(db: Q, id: number): Promise<boolean> {
  return (await db.selectFrom("live_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** A workspace's events after `afterId`, oldest first, at most `limit`. */
export const eventsAfter = (db: Q, workspaceId: string, afterId: number, limit: number): Promise<LiveEventRow[]> =>
  db
    .selectFrom("live_events")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();

/** Deletes the events written before `before` (ms) that webhooks are done with; returns how many. */
export async function pruneEvents(db: Q, before: number): Promise<number> {
  const result = await db
    .deleteFrom("live_events")
    .where("created_at", "<", before)
    .where("webhooks_claimed_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these users are still members of which workspace (a removed member moves to a new one). */
export const workspacesOf = (db: Q, userIds: readonly string[]) =>
  db
    .selectFrom("users")
    .select(["id", "workspace_id"])
    .where("id", "in", [...userIds])
    .execute();
