// Moving an account between workspaces (accepting an invitation, being removed from a team).
// Guarantees, all inside the caller's transaction: the workspace left keeps every project and
// report (reports the person created stay, with their name), reports assigned to them there are
// unassigned so the team can reassign them, their notifications about that workspace go, their
// unused invitations are revoked, and a workspace left without an owner gets its earliest member
// as owner. Nothing of the old workspace is shown to the new one. Both workspaces' live streams
// are told (team.changed); the person's own streams in the old workspace close (events/live-hub.ts).
// Each move is in the security log of the workspace it happened in.
import type { Transaction } from "kysely";
import type { Database, UserRow } from "../db/schema";
import { type LiveEventInput, recordLiveEvent } from "../events/events.writer";
import { recordSecurityEvent } from "../security-log/security-log.repository";
import { revokeInvitationsBy } from "./invitations.repository";

export async function leaveWorkspace(
  trx: Transaction<Database>,
  user: UserRow,
  now: number,
  actorId: string = user.id,
): Promise<void> {
  const workspaceId = user.workspace_id;
  await recordSecurityEvent(trx, { type: "member-removed", userId: user.id, workspaceId, actorId });
  await trx
    .updateTable("snagging_reports")
    .set({ assigned_to: null, updated_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("assigned_to", "=", user.id)
    .execute();
  await trx
    .deleteFrom("notifications")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", user.id)
    .execute();
  await revokeInvitationsBy(trx, workspaceId, user.id, now);
  await recordLiveEvent(trx, teamEvent(workspaceId, user.id, "removed"));
  if (user.workspace_role !== "owner") return;
  const others = await trx
    .selectFrom("users")
    .select(["id", "workspace_role"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "!=", user.id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const heir = others[0];
  if (heir && !others.some((o) => o.workspace_role === "owner")) {
    await trx.updateTable("users").set({ workspace_role: "owner" }).where("id", "=", heir.id).execute();
    await recordSecurityEvent(trx, {
      type: "member-role-changed",
      userId: heir.id,
      workspaceId,
      actorId: null,
      details: { role: "owner", reason: "last-owner-left" },
    });
  }
}

export async function joinWorkspace(
  trx: Transaction<Database>,
  userId: string,
  workspaceId: string,
  role: "owner" | "member",
): Promise<void> {
  await trx
    .updateTable("users")
    .set({ workspace_id: workspaceId, workspace_role: role })
    .where("id", "=", userId)
    .execute();
  await recordLiveEvent(trx, teamEvent(workspaceId, userId, "joined"));
  await recordSecurityEvent(trx, { type: "member-added", userId, workspaceId, details: { role } });
}

/** A member joined or left: the team, assignee pickers and (for a leaver) unassigned reports change. */
export const teamEvent = (workspaceId: string, userId: string, change: "joined" | "removed"): LiveEventInput => ({
  workspaceId,
  type: "team.changed",
  subjectId: userId,
  actor: null,
  data: { change },
});
