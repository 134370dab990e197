// A person's sessions as they see them: each refresh-token family (a session, token-rotation.ts)
// with the device and address it was opened from and when it was last refreshed. The row is
// written with the session's first token and touched on each refresh, never on ordinary requests,
// so the session check of every request costs nothing more ("last used" is the last refresh).
import type { SessionInfo } from "@sitesnag/shared/mfa";
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import type { UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { describeDevice } from "../security-log/device";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { revokeFamily } from "./refresh-tokens.repository";

const UA_MAX = 300;

export async function recordSession(
  db: Db,
  familyId: string,
  userId: string,
  client: ClientInfo | undefined,
  now: number,
) {
  await db
    .insertInto("user_sessions")
    .values({
      family_id: familyId,
      user_id: userId,
      ip: client?.ip ?? null,
      user_agent: client?.userAgent?.slice(0, UA_MAX) ?? null,
      created_at: now,
      last_used_at: now,
    })
    .onConflict((oc) => oc.column("family_id").doNothing())
    .execute();
}

export async function touchSession(db: Db, familyId: string, now: number): Promise<void> {
  await db.updateTable("user_sessions").set({ last_used_at: now }).where("family_id", "=", familyId).execute();
}

/** The account's live sessions, most recently used first; `currentId` is the one asking. */
export async function listSessions(ctx: AppContext, user: UserRow, currentId: string): Promise<SessionInfo[]> {
  const now = nowSeconds();
  const rows = await ctx.db
    .selectFrom("refresh_tokens as t")
    .leftJoin("user_sessions as s", "s.family_id", "t.family_id")
    .select(["t.family_id", "s.ip", "s.user_agent", "s.created_at", "s.last_used_at"])
    .select((eb) => [eb.fn.min("t.created_at").as("first_token"), eb.fn.max("t.created_at").as("last_token")])
    .where("t.user_id", "=", user.id)
    .where("t.revoked_at", "is", null)
    .where("t.expires_at", ">", now)
    .groupBy(["t.family_id", "s.ip", "s.user_agent", "s.created_at", "s.last_used_at"])
    .execute();
  return rows
    .map((row) => ({
      id: row.family_id,
      device: describeDevice(row.user_agent),
      ip: row.ip,
      createdAt: Number(row.created_at ?? row.first_token),
      lastUsedAt: Number(row.last_used_at ?? row.last_token),
      current: row.family_id === currentId,
    }))
    .sort((a, b) => b.lastUsedAt - a.lastUsedAt);
}

/** Ends one of the account's own sessions (another account's id is simply not found). */
export async function endOwnSession(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  client: ClientInfo,
): Promise<void> {
  const owned = await ctx.db
    .selectFrom("refresh_tokens")
    .select("id")
    .where("family_id", "=", sessionId)
    .where("user_id", "=", user.id)
    .where("revoked_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!owned) throw notFound("Session");
  await ctx.db.transaction().execute(async (trx) => {
    await revokeFamily(trx, sessionId, nowSeconds());
    await recordSecurityEvent(trx, {
      type: "session-ended",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { session: sessionId },
    });
  });
  await ctx.sessions.end(sessionId);
}
