// The second step of signing in. Guarantees:
// - A right password of an account with a factor opens no session: it answers a step token
//   (mfaToken: 32 random bytes, kept as a SHA-256 hash) that lives MFA_TOKEN_TTL_SECONDS, serves
//   only this step, and is spent by the first right code (a conditional update: two requests with
//   one token cannot both sign in).
// - A wrong code counts in the sign-in throttle of the account and address like a wrong password
//   (the caller runs this inside SignInThrottle.attempt), and MAX_FAILURES wrong codes void the
//   token, so one password check buys a handful of guesses at most.
// - A code is checked against the token's own account only; a TOTP code is refused a second time
//   within its window (second-factor.ts). Every refusal is logged against that account.

import { randomBytes } from "node:crypto";
import { MFA_TOKEN_TTL_SECONDS, type MfaChallenge, type MfaMethod } from "@sitesnag/shared/mfa";
import { hashToken } from "../auth/tokens";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, unauthorized } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { findUserById } from "../users/users.repository";
import { WRONG_CODE } from "./mfa-setup.service";
import { useSecondFactor } from "./second-factor";

const MAX_FAILURES = 5;
export const STEP_EXPIRED = "This sign-in step has expired. Please sign in again with your password.";

/** The methods the account's step can offer; empty when it has no second factor. */
export async function secondFactorMethods(ctx: AppContext, userId: string): Promise<MfaMethod[]> {
  const kinds = await ctx.db
    .selectFrom("mfa_factors")
    .select("kind")
    .distinct()
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .execute();
  const has = (kind: string) => kinds.some((row) => row.kind === kind);
  const methods: MfaMethod[] = [];
  if (has("totp")) methods.push("totp");
  if (has("passkey")) methods.push("passkey");
  if (methods.length > 0) methods.push("recovery");
  return methods;
}

export async function startMfaStep(ctx: AppContext, user: UserRow, methods: MfaMethod[]): Promise<MfaChallenge> {
  const token = randomBytes(32).toString("base64url");
  const now = nowSeconds();
  await ctx.db
    .insertInto("mfa_challenges")
    .values({
      id: newId(),
      token_hash: hashToken(token),
      user_id: user.id,
      expires_at: now + MFA_TOKEN_TTL_SECONDS,
      used_at: null,
      created_at: now,
    })
    .execute();
  // Spent and expired steps of anyone go with each new one: the table stays small without a job.
  await ctx.db
    .deleteFrom("mfa_challenges")
    .where("expires_at", "<", now - MFA_TOKEN_TTL_SECONDS)
    .execute();
  return { mfaRequired: true, mfaToken: token, methods };
}

/** The account a step token names, while it can still be used; a 401 with a sentence otherwise. */
export async function stepAccount(ctx: AppContext, mfaToken: string, client: ClientInfo) {
  const step = await ctx.db
    .selectFrom("mfa_challenges")
    .selectAll()
    .where("token_hash", "=", hashToken(mfaToken))
    .executeTakeFirst();
  const user = step ? await findUserById(ctx.db, step.user_id) : undefined;
  if (!step || !user) throw unauthorized(STEP_EXPIRED);
  if (step.used_at !== null || Number(step.expires_at) <= nowSeconds() || step.failures >= MAX_FAILURES) {
    await recordSecurityEvent(ctx.db, {
      type: "mfa-failed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { reason: step.used_at !== null ? "step-used" : "step-expired" },
    });
    throw unauthorized(STEP_EXPIRED);
  }
  return { step, user };
}

/** Checks the code and spends the step; the caller then opens the session. */
export async function verifyMfaStep(
  ctx: AppContext,
  found: Awaited<ReturnType<typeof stepAccount>>,
  code: string,
  client: ClientInfo,
): Promise<{ user: UserRow; factor: "totp" | "recovery" }> {
  const { step, user } = found;
  const factor = await useSecondFactor(ctx, user.id, code);
  if (!factor) {
    await ctx.db
      .updateTable("mfa_challenges")
      .set((eb) => ({ failures: eb("failures", "+", 1) }))
      .where("id", "=", step.id)
      .execute();
    await recordSecurityEvent(ctx.db, {
      type: "mfa-failed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { reason: "wrong-code" },
    });
    // 401: the sign-in throttle counts it as a failed sign-in.
    throw new AppError(401, WRONG_CODE, { code: [WRONG_CODE] });
  }
  const spent = await ctx.db
    .updateTable("mfa_challenges")
    .set({ used_at: nowSeconds() })
    .where("id", "=", step.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw unauthorized(STEP_EXPIRED);
  if (factor === "recovery") {
    await recordSecurityEvent(ctx.db, {
      type: "recovery-code-used",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
    });
  }
  return { user, factor };
}
