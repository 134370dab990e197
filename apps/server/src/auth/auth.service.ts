// Sign-up, sign-in and the platform admin bootstrap. Token rotation lives in token-rotation.ts.
import type { AuthResponse, Login, Register } from "@sitesnag/shared/auth";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, conflict, unauthorized } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { presentUser } from "../users/users.presenter";
import { findUserByEmail, insertUser } from "../users/users.repository";
import { insertWorkspace } from "../workspaces/workspaces.repository";
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { issueTokens } from "./token-rotation";

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const INVALID_CREDENTIALS = "Invalid email or password";

async function signedIn(ctx: AppContext, user: UserRow): Promise<AuthResponse> {
  return { user: presentUser(user), ...(await issueTokens(ctx, user.id)) };
}

export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, "This password is too common. Please choose a less guessable one.", {
      password: ["This password is too common. Please choose a less guessable one."],
    });
  }
}

export async function register(
  ctx: AppContext,
  input: Register,
  locale: Locale = DEFAULT_LOCALE,
): Promise<AuthResponse> {
  assertAcceptablePassword(input.password);
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(ctx.db, email)) throw conflict("An account with this email already exists");
  const passwordHash = await hashPassword(input.password);
  const now = nowSeconds();
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      const workspaceId = newId();
      await insertWorkspace(trx, {
        id: workspaceId,
        name: `${input.firstName}'s workspace`,
        isDemo: false,
        expiresAt: null,
        createdAt: now,
      });
      return insertUser(trx, {
        id: newId(),
        workspace_id: workspaceId,
        email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        role: "user",
        membership_type: "free",
        membership_start_date: null,
        membership_end_date: null,
        created_at: now,
        locale,
      });
    });
    return await signedIn(ctx, user);
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets a 409.
    if (await findUserByEmail(ctx.db, email)) throw conflict("An account with this email already exists");
    throw error;
  }
}

/** The account whose password this is; a 401 otherwise (a wrong password of an account is logged). */
export async function checkPassword(ctx: AppContext, input: Login, client: ClientInfo): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, normaliseEmail(input.email));
  if (!user) {
    await burnPasswordCheck(input.password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await recordSecurityEvent(ctx.db, {
      type: "sign-in-failed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { method: "password" },
    });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  return user;
}

/** Makes sure the ADMIN_EMAIL account exists with role admin and the ADMIN_PASSWORD (idempotent). */
export async function ensurePlatformAdmin(ctx: AppContext, email: string, password: string): Promise<void> {
  const normalised = normaliseEmail(email);
  const existing = await findUserByEmail(ctx.db, normalised);
  if (existing) {
    const changes: { role?: "admin"; password_hash?: string } = {};
    if (existing.role !== "admin") changes.role = "admin";
    if (!(await verifyPassword(existing.password_hash, password))) changes.password_hash = await hashPassword(password);
    if (Object.keys(changes).length > 0) {
      await ctx.db.updateTable("users").set(changes).where("id", "=", existing.id).execute();
    }
    return;
  }
  const now = nowSeconds();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const workspaceId = newId();
    await insertWorkspace(trx, {
      id: workspaceId,
      name: "Platform administration",
      isDemo: false,
      expiresAt: null,
      createdAt: now,
    });
    await insertUser(trx, {
      id: newId(),
      workspace_id: workspaceId,
      email: normalised,
      password_hash: passwordHash,
      first_name: "Platform",
      last_name: "Admin",
      role: "admin",
      membership_type: "free",
      membership_start_date: null,
      membership_end_date: null,
      created_at: now,
    });
  });
}
