// Demo sandboxes: every demo login gets its own workspace, seeded with sample data and removed
// 24 hours later, so visitors never see each other's edits.
import { randomBytes } from "node:crypto";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { DEMO_EMAIL, DEMO_LIFETIME_SECONDS, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { hashPassword } from "../auth/passwords";
import { issueTokens } from "../auth/token-rotation";
import type { AppContext } from "../context";
import { newId } from "../ids";
import { deleteProjectsWithFiles } from "../projects/projects.cascade";
import { nowSeconds } from "../time";
import { presentUser } from "../users/users.presenter";
import { insertUser } from "../users/users.repository";
import { deleteWorkspaces, findExpiredDemoWorkspaceIds, insertWorkspace } from "../workspaces/workspaces.repository";
import { seedDemoWorkspace } from "./demo.seed";

export const isDemoCredentials = (email: string, password: string): boolean =>
  email.trim().toLowerCase() === DEMO_EMAIL && password === DEMO_PASSWORD;

export async function startDemo(ctx: AppContext): Promise<AuthResponse> {
  await removeExpiredDemos(ctx).catch((err: unknown) => ctx.log.warn({ err }, "demo clean-up failed"));
  const now = nowSeconds();
  // A random password nobody knows: the sandbox is reached only through this login.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const user = await ctx.db.transaction().execute(async (trx) => {
    const workspaceId = newId();
    await insertWorkspace(trx, {
      id: workspaceId,
      name: "Demo workspace",
      isDemo: true,
      expiresAt: now + DEMO_LIFETIME_SECONDS,
      createdAt: now,
    });
    const row = await insertUser(trx, {
      id: newId(),
      workspace_id: workspaceId,
      email: `demo-${newId()}@demo.sitesnag.invalid`,
      password_hash: passwordHash,
      first_name: "Demo",
      last_name: "User",
      role: "user",
      membership_type: "free",
      membership_start_date: null,
      membership_end_date: null,
      created_at: now,
    });
    await seedDemoWorkspace(trx, { workspaceId, userId: row.id, now });
    return row;
  });
  return { user: presentUser(user), ...(await issueTokens(ctx, user.id)) };
}

/** Deletes demo workspaces past their expiry, their files included. */
export async function removeExpiredDemos(ctx: AppContext): Promise<number> {
  const ids = await findExpiredDemoWorkspaceIds(ctx.db, nowSeconds());
  if (ids.length === 0) return 0;
  const projectIds = (await ctx.db.selectFrom("projects").select("id").where("workspace_id", "in", ids).execute()).map(
    (p) => p.id,
  );
  await deleteProjectsWithFiles(ctx, projectIds, (trx) => deleteWorkspaces(trx, ids));
  return ids.length;
}
