import type { Kysely, Transaction } from "kysely";
import type { Database, InvitationRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertInvitation(db: Q, row: InvitationRow): Promise<void> {
  await db.insertInto("invitations").values(row).execute();
}

/** Pending: neither accepted nor revoked, and not yet expired. */
export const findPendingInvitations = (db: Q, workspaceId: string, now: number) =>
  db
    .selectFrom("invitations as i")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .selectAll("i")
    .select(["u.first_name as inviter_first_name", "u.last_name as inviter_last_name"])
    .where("i.workspace_id", "=", workspaceId)
    .where("i.accepted_at", "is", null)
    .where("i.revoked_at", "is", null)
    .where("i.expires_at", ">", now)
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .execute();

export type InvitationWithInviter = Awaited<ReturnType<typeof findPendingInvitations>>[number];

/** Accepted or expired (not revoked) since `since`, newest first: the Team page's recent outcomes. */
export const findRecentInvitations = (db: Q, workspaceId: string, now: number, since: number) =>
  db
    .selectFrom("invitations as i")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .leftJoin("users as a", "a.id", "i.accepted_by")
    .selectAll("i")
    .select([
      "u.first_name as inviter_first_name",
      "u.last_name as inviter_last_name",
      "a.first_name as accepter_first_name",
      "a.last_name as accepter_last_name",
    ])
    .where("i.workspace_id", "=", workspaceId)
    .where("i.revoked_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("i.accepted_at", ">=", since),
        eb.and([eb("i.accepted_at", "is", null), eb("i.expires_at", "<=", now), eb("i.expires_at", ">=", since)]),
      ]),
    )
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(100)
    .execute();

export const findInvitationInWorkspace = (db: Q, workspaceId: string, id: string) =>
  db
    .selectFrom("invitations as i")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .selectAll("i")
    .select(["u.first_name as inviter_first_name", "u.last_name as inviter_last_name"])
    .where("i.workspace_id", "=", workspaceId)
    .where("i.id", "=", id)
    .executeTakeFirst();

/** A new token and a new week for an unused, unrevoked invitation; false when it was used meanwhile. */
export async function renewInvitation(db: Q, id: string, tokenHash: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .updateTable("invitations")
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findWorkspaceName = async (db: Q, workspaceId: string): Promise<string> =>
  (await db.selectFrom("workspaces").select("name").where("id", "=", workspaceId).executeTakeFirstOrThrow()).name;

export const findInvitationByHash = (db: Q, tokenHash: string) =>
  db
    .selectFrom("invitations as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .selectAll("i")
    .select([
      "w.name as workspace_name",
      "w.is_demo as workspace_is_demo",
      "u.first_name as inviter_first_name",
      "u.last_name as inviter_last_name",
    ])
    .where("i.token_hash", "=", tokenHash)
    .executeTakeFirst();

/** Marks an invitation used, only if it is still pending; false means someone else got there first. */
export async function claimInvitation(db: Q, id: string, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("invitations")
    .set({ accepted_at: now, accepted_by: userId })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitation(db: Q, workspaceId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("invitations")
    .set({ revoked_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An account leaving a workspace takes its unused invitations with it. */
export async function revokeInvitationsBy(db: Q, workspaceId: string, userId: string, now: number): Promise<void> {
  await db
    .updateTable("invitations")
    .set({ revoked_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("invited_by", "=", userId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
}
