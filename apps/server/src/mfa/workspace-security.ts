// A workspace's "require two-factor" policy (issue 40). Only an owner changes it, and only once
// their own account has a factor, so turning it on never leaves the one who did it to set up
// in a hurry. Members without a factor are led through setup at their next sign-in or session
// refresh (token-rotation.ts decides; the guard then opens only the setup routes).
import type { WorkspaceSecurity } from "@sitesnag/shared/mfa";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { forbidden } from "../http/errors";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { hasFactor } from "./mfa.repository";

const OWNER_ONLY = "Only a workspace owner can change the workspace's sign-in security.";
const OWNER_FIRST = "Set up two-factor authentication for your own account before requiring it of your team.";
const DEMO = "Demo workspaces cannot require two-factor authentication.";

export async function getWorkspaceSecurity(ctx: AppContext, user: UserRow): Promise<WorkspaceSecurity> {
  const row = await ctx.db
    .selectFrom("workspaces")
    .select("require_mfa")
    .where("id", "=", user.workspace_id)
    .executeTakeFirst();
  return { requireMfa: Number(row?.require_mfa ?? 0) === 1 };
}

export async function setWorkspaceSecurity(
  ctx: AppContext,
  user: UserRow,
  input: WorkspaceSecurity,
  client: ClientInfo,
): Promise<WorkspaceSecurity> {
  if (user.workspace_role !== "owner") throw forbidden(OWNER_ONLY);
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(DEMO);
  if (input.requireMfa && !(await hasFactor(ctx.db, user.id))) throw forbidden(OWNER_FIRST);
  const before = await getWorkspaceSecurity(ctx, user);
  if (before.requireMfa === input.requireMfa) return before;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("workspaces")
      .set({ require_mfa: input.requireMfa ? 1 : 0 })
      .where("id", "=", user.workspace_id)
      .execute();
    await recordSecurityEvent(trx, {
      type: "mfa-policy-changed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { requireMfa: input.requireMfa },
    });
  });
  return { requireMfa: input.requireMfa };
}
