// The security log's only writer and reader. Append-only: nothing here updates a row, and the
// one delete is the prune of entries past their year (security-log.prune.ts).
import type { SecurityEventType } from "@sitesnag/shared/security-log";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { newId } from "../ids";
import { nowSeconds } from "../time";

type Q = Kysely<Database> | Transaction<Database>;

/** Where a request came from, as the log keeps it. */
export type ClientInfo = { ip: string | null; userAgent: string | null };
const USER_AGENT_MAX = 300;

export type SecurityEvent = {
  type: SecurityEventType;
  /** The account the entry is about. */
  userId: string | null;
  workspaceId: string | null;
  /** Who did it, when not the account itself (an owner removing a member). */
  actorId?: string | null;
  client?: ClientInfo;
  details?: Record<string, string | number | boolean | null>;
};

export async function recordSecurityEvent(db: Q, event: SecurityEvent): Promise<void> {
  await db
    .insertInto("security_log")
    .values({
      id: newId(),
      type: event.type,
      at: nowSeconds(),
      user_id: event.userId,
      workspace_id: event.workspaceId,
      actor_id: event.actorId ?? event.userId,
      ip: event.client?.ip ?? null,
      user_agent: event.client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      details: JSON.stringify(event.details ?? {}),
    })
    .execute();
}

export type LogScope = { userId: string } | { workspaceId: string };
export type LogFilter = { type?: SecurityEventType; from?: number; to?: number; after?: { at: number; id: string } };

/** Newest first, `limit` rows from the cursor on. */
export function findSecurityLog(db: Q, scope: LogScope, filter: LogFilter, limit: number) {
  let query = db.selectFrom("security_log").selectAll();
  query =
    "userId" in scope ? query.where("user_id", "=", scope.userId) : query.where("workspace_id", "=", scope.workspaceId);
  if (filter.type) query = query.where("type", "=", filter.type);
  if (filter.from !== undefined) query = query.where("at", ">=", filter.from);
  if (filter.to !== undefined) query = query.where("at", "<", filter.to);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
    );
  }
  return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Whether the account has signed in before, and from this very browser (its user agent). */
export async function priorSignIns(db: Q, userId: string, userAgent: string | null) {
  const any = await db
    .selectFrom("security_log")
    .select("id")
    .where("user_id", "=", userId)
    .where("type", "=", "sign-in")
    .limit(1)
    .executeTakeFirst();
  if (!any || userAgent === null) return { any: any !== undefined, sameDevice: false };
  const same = await db
    .selectFrom("security_log")
    .select("id")
    .where("user_id", "=", userId)
    .where("type", "=", "sign-in")
    .where("user_agent", "=", userAgent.slice(0, USER_AGENT_MAX))
    .limit(1)
    .executeTakeFirst();
  return { any: true, sameDevice: same !== undefined };
}

export async function pruneSecurityLog(db: Q, before: number): Promise<number> {
  const result = await db.deleteFrom("security_log").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
