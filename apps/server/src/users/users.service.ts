// Users: the member list and the admin's list (GET /api/users), the caller's own profile and
// password, and an admin's membership edit. Access checks come first in each function.

import type { User } from "@sitesnag/shared/auth";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type {
  AdminUser,
  LocaleUpdate,
  MembershipInput,
  PasswordChange,
  ProfileInput,
  UserList,
  UserListQuerySchema,
} from "@sitesnag/shared/users";
import { MembershipInputSchema } from "@sitesnag/shared/users";
import type { z } from "zod";
import { assertAcceptablePassword, normaliseEmail } from "../auth/auth.service";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { revokeOtherSessions } from "../auth/sessions";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { UserRow } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../http/errors";
import { quotaOf } from "../quotas/storage-quota";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { queueSecurityMail } from "../security-log/security-mail";
import { nowSeconds } from "../time";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { presentAdminUser, presentMember, presentUser } from "./users.presenter";
import {
  type AdminListWorkspace,
  findUserByEmail,
  findUserById,
  findUsersPage,
  findWorkspaceMembers,
  updateUser,
} from "./users.repository";

type UserListQuery = z.output<typeof UserListQuerySchema>;

export type { UserList };

/**
 * Members of the caller's workspace for everyone (the assignee picker); every user, paged and with
 * membership fields, for an admin — unless the admin asks for `scope=workspace` like the picker does.
 */
export async function listUsers(ctx: AppContext, user: UserRow, query: UserListQuery): Promise<UserList> {
  if (user.role !== "admin" || query.scope === "workspace") {
    return { users: (await findWorkspaceMembers(ctx.db, user.workspace_id)).map(presentMember) };
  }
  // `limit`/`cursor` page by keyset (decision 0018); `page`/`pageSize` by offset, as before.
  const keyset = query.limit !== undefined || query.cursor !== undefined;
  const size = keyset ? (query.limit ?? query.pageSize) : query.pageSize;
  const { rows: fetched, total } = await findUsersPage(
    ctx.db,
    { search: query.search, membership: query.membership, now: nowSeconds() },
    keyset ? { after: query.cursor, limit: size + 1 } : { offset: (query.page - 1) * query.pageSize, limit: size + 1 },
  );
  const { rows, nextCursor } = toPage(fetched, size, (row) => ({ sort: row.created_at, id: row.id }));
  const users = rows.map((row) => presentAdminUser(withStorageQuota(ctx, row)));
  return { users, total, page: query.page, pageSize: size, nextCursor };
}

/** The admin list's row with its workspace's quota (demo sandboxes have their own). */
export const withStorageQuota = <R extends AdminListWorkspace>(ctx: AppContext, row: R) => ({
  ...row,
  storage_quota_bytes: quotaOf(
    ctx.config.quotas,
    Number(row.workspace_is_demo) === 1,
    row.workspace_storage_quota_bytes,
  ),
});

function requireSelf(user: UserRow, id: string, message: string): void {
  if (user.id !== id) throw forbidden(message);
}

export const DEMO_EMAIL_FIXED = "The demo account keeps its demo email address. Create a free account to use your own.";

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: ProfileInput | LocaleUpdate,
): Promise<User> {
  requireSelf(user, id, "You can only edit your own profile");
  if (!("email" in input)) {
    await updateUser(ctx.db, user.id, { locale: input.locale });
    return presentUser({ ...user, locale: input.locale });
  }
  const email = normaliseEmail(input.email);
  // A demo sandbox needs no sign-up and is deleted after a day: an address it took would be held
  // from its owner's registration until then.
  if (email !== user.email && (await isDemoWorkspace(ctx.db, user.workspace_id))) throw forbidden(DEMO_EMAIL_FIXED);
  const taken = await findUserByEmail(ctx.db, email);
  if (taken && taken.id !== user.id) throw conflict("An account with this email already exists");
  const changes = {
    first_name: input.firstName,
    last_name: input.lastName,
    email,
    ...(input.locale ? { locale: input.locale } : {}),
  };
  try {
    await updateUser(ctx.db, user.id, changes);
  } catch (error) {
    // Two accounts racing for one address: the unique index decides.
    const winner = await findUserByEmail(ctx.db, email);
    if (winner && winner.id !== user.id) throw conflict("An account with this email already exists");
    throw error;
  }
  return presentUser({ ...user, ...changes });
}

/** Changes the password and signs every other session out; `sessionId` is the one kept. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  id: string,
  input: PasswordChange,
  client: ClientInfo = { ip: null, userAgent: null },
): Promise<void> {
  requireSelf(user, id, "You can only change your own password");
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError(400, "Current password is incorrect", { currentPassword: ["Current password is incorrect"] });
  }
  assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    const ended = await revokeOtherSessions(trx, user.id, sessionId, nowSeconds());
    await recordSecurityEvent(trx, {
      type: "password-changed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { sessionsEnded: ended.length },
    });
    await queueSecurityMail(ctx, user, "password-changed", client, trx);
    return ended;
  });
  // Their access tokens stop working now on this instance, not when they expire (other
  // instances: at once with REDIS_URL, else within SessionStatus's live-check window).
  await Promise.all(ended.map((family) => ctx.sessions.end(family)));
}

export async function updateMembership(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: MembershipInput,
): Promise<AdminUser> {
  if (admin.role !== "admin") throw forbidden("Only administrators can do that");
  const values = MembershipInputSchema.parse(input);
  const target = UUID_PATTERN.test(id) ? await findUserById(ctx.db, id) : undefined;
  if (!target) throw notFound("User");
  await updateUser(ctx.db, id, values);
  const workspace = await ctx.db
    .selectFrom("workspaces")
    .select(["name", "storage_bytes", "is_demo", "storage_quota_bytes"])
    .where("id", "=", target.workspace_id)
    .executeTakeFirstOrThrow();
  return presentAdminUser(
    withStorageQuota(ctx, {
      ...target,
      ...values,
      workspace_name: workspace.name,
      workspace_storage_bytes: workspace.storage_bytes,
      workspace_is_demo: workspace.is_demo,
      workspace_storage_quota_bytes: workspace.storage_quota_bytes,
    }),
  );
}
