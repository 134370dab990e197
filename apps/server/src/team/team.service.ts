// The Team page: who is in the caller's workspace, and an owner removing someone.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { Team, TeamMember } from "@sitesnag/shared/team";
import { revokeOtherSessions } from "../auth/sessions";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { newId } from "../ids";
import { hasIdentity } from "../sso/sso.repository";
import { nowSeconds } from "../time";
import { presentMember } from "../users/users.presenter";
import { findUserById, findWorkspaceMembers } from "../users/users.repository";
import { insertWorkspace } from "../workspaces/workspaces.repository";
import { requireOwner } from "./invitations.service";
import { joinWorkspace, leaveWorkspace } from "./membership-moves";

/** A member as the Team page lists them; `twoFactor` (whether they have a second factor) for owners only. */
export type { Team, TeamMember };

export async function getTeam(ctx: AppContext, user: UserRow): Promise<Team> {
  const workspace = await ctx.db
    .selectFrom("workspaces")
    .select(["id", "name", "is_demo"])
    .where("id", "=", user.workspace_id)
    .executeTakeFirstOrThrow();
  const members = (await findWorkspaceMembers(ctx.db, user.workspace_id)).map(presentMember);
  // Who has two-factor (issue 40): the owner's view, so they can see who the policy will hold.
  if (user.workspace_role === "owner" && members.length > 0) {
    const withFactor = new Set(
      (
        await ctx.db
          .selectFrom("mfa_factors")
          .select("user_id")
          .distinct()
          .where(
            "user_id",
            "in",
            members.map((m) => m.id),
          )
          .where("confirmed_at", "is not", null)
          .execute()
      ).map((row) => row.user_id),
    );
    return {
      workspace: { id: workspace.id, name: workspace.name, isDemo: Number(workspace.is_demo) === 1 },
      members: members.map((m) => ({ ...m, twoFactor: withFactor.has(m.id) })),
    };
  }
  return { workspace: { id: workspace.id, name: workspace.name, isDemo: Number(workspace.is_demo) === 1 }, members };
}

/**
 * Removes a member from the owner's workspace. Their reports stay (unassigned where they were the
 * assignee, so the team can reassign them), and the account continues in a new workspace of its own.
 */
export async function removeMember(ctx: AppContext, owner: UserRow, id: string): Promise<void> {
  requireOwner(owner);
  if (id === owner.id) throw badRequest("You cannot remove yourself from your own workspace");
  const member = UUID_PATTERN.test(id) ? await findUserById(ctx.db, id) : undefined;
  if (!member || member.workspace_id !== owner.workspace_id) throw notFound("Member");
  const now = nowSeconds();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await leaveWorkspace(trx, member, now, owner.id);
    const workspaceId = newId();
    await insertWorkspace(trx, {
      id: workspaceId,
      name: `${member.first_name}'s workspace`,
      isDemo: false,
      expiresAt: null,
      createdAt: now,
    });
    await joinWorkspace(trx, member.id, workspaceId, "owner");
    // Someone who signs in through the workspace's identity provider leaves with their sessions:
    // the provider was their way in, and it no longer leads here (decision 0078).
    return (await hasIdentity(trx, member.id)) ? revokeOtherSessions(trx, member.id, "", now) : [];
  });
  for (const sessionId of ended) await ctx.sessions.end(sessionId);
}
