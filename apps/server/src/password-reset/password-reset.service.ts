// Forgotten passwords (issue 26). A link `PUBLIC_URL/reset-password?token=…` is mailed to the
// account's address: 32 random bytes, only their SHA-256 kept, usable once within an hour, and
// void once the password has changed since it was sent (a fingerprint of the password hash is kept
// with it). Using it sets the password, ends every session of the account (refresh tokens and,
// through SessionStatus, their access tokens) and signs this browser in. Whether an address has an
// account is never told: the request answers the same sentence either way.
import { createHash, randomBytes } from "node:crypto";
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { LoginResponse } from "@sitesnag/shared/mfa";
import { PASSWORD_RESET_LIFETIME_SECONDS } from "@sitesnag/shared/password-reset";
import { assertAcceptablePassword, normaliseEmail } from "../auth/auth.service";
import { hashPassword } from "../auth/passwords";
import { afterPassword } from "../auth/sign-in";
import { hashToken } from "../auth/tokens";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, forbidden } from "../http/errors";
import { translatorFor } from "../i18n/translate";
import { newId } from "../ids";
import { isSendableAddress } from "../mail/mail-address";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { findUserByEmail, findUserById, updateUser } from "../users/users.repository";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import {
  claimPasswordReset,
  findPasswordResetByHash,
  insertPasswordReset,
  revokeAllSessions,
} from "./password-reset.repository";

export const RESET_LINK_INVALID = "This reset link is not valid. Please ask for a new one.";
export const RESET_LINK_USED = "This reset link has already been used. Please ask for a new one if you need it.";
export const RESET_LINK_EXPIRED = "This reset link has expired: links work for one hour. Please ask for a new one.";
export const RESET_LINK_STALE =
  "This reset link no longer works because the password was changed after it was sent. Please ask for a new one.";
export const DEMO_CANNOT_RESET = "Demo accounts cannot reset their password.";

export const fingerprint = (passwordHash: string): string => createHash("sha256").update(passwordHash).digest("hex");

/** The link's mail, when the address belongs to an account that may reset; silently nothing otherwise. */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !isSendableAddress(user.email)) return;
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) return;
  const token = randomBytes(32).toString("base64url");
  const now = nowSeconds();
  const link = `${ctx.config.mail.publicUrl}/reset-password?token=${token}`;
  // In the language the account reads, whoever asked for the link.
  const locale = toLocale(user.locale);
  const t = translatorFor(locale);
  await ctx.db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, {
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(token),
      password_fingerprint: fingerprint(user.password_hash),
      created_at: now,
      expires_at: now + PASSWORD_RESET_LIFETIME_SECONDS,
      used_at: null,
    });
    await ctx.mail.queue(
      {
        to: user.email,
        toName: `${user.first_name} ${user.last_name}`,
        locale,
        subject: t("mail.passwordReset.subject", { product: PRODUCT_NAME }),
        text: [
          t("mail.passwordReset.greeting", { name: user.first_name }),
          t("mail.passwordReset.body", { product: PRODUCT_NAME, email: user.email }),
          link,
          t("mail.passwordReset.once"),
        ].join("\n\n"),
        reason: t("mail.passwordReset.reason", { email: user.email, product: PRODUCT_NAME }),
      },
      trx,
    );
  });
}

async function requireUsableLink(ctx: AppContext, token: string) {
  const row = token.length >= 20 ? await findPasswordResetByHash(ctx.db, hashToken(token)) : undefined;
  if (!row) throw new AppError(400, RESET_LINK_INVALID);
  if (row.used_at !== null) throw new AppError(400, RESET_LINK_USED);
  if (row.expires_at <= nowSeconds()) throw new AppError(400, RESET_LINK_EXPIRED);
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw new AppError(400, RESET_LINK_INVALID);
  if (row.password_fingerprint !== fingerprint(user.password_hash)) throw new AppError(400, RESET_LINK_STALE);
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(DEMO_CANNOT_RESET);
  return { row, user };
}

/** Whether a link can still be used, so the page can say so before a password is typed. */
export async function checkResetLink(ctx: AppContext, token: string): Promise<{ email: string }> {
  const { user } = await requireUsableLink(ctx, token);
  return { email: user.email };
}

/** Sets the new password, ends every session of the account, and signs this browser in. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const { row, user } = await requireUsableLink(ctx, token);
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  const now = nowSeconds();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimPasswordReset(trx, row.id, now))) throw new AppError(400, RESET_LINK_USED);
    await updateUser(trx, user.id, { password_hash: passwordHash });
    // Word to the address that the password changed: the one warning if the link was not theirs.
    await ctx.mail.queue(
      {
        to: user.email,
        toName: `${user.first_name} ${user.last_name}`,
        subject: `Your ${PRODUCT_NAME} password was changed`,
        text: [
          `Hello ${user.first_name},`,
          `The password of your ${PRODUCT_NAME} account ${user.email} was just changed with a reset link, and every device signed in to it was signed out.`,
          `If that was not you, ask for a new link at once and choose another password:`,
          `${ctx.config.mail.publicUrl}/forgot-password`,
        ].join("\n\n"),
        reason: `You are receiving this because the password of ${user.email} on ${PRODUCT_NAME} was changed.`,
      },
      trx,
    );
    const ended = await revokeAllSessions(trx, user.id, now);
    await recordSecurityEvent(trx, {
      type: "password-reset",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { sessionsEnded: ended.length },
    });
    return ended;
  });
  await Promise.all(ended.map((family) => ctx.sessions.end(family)));
  ctx.log.info({ userId: user.id, sessionsEnded: ended.length }, "password reset by email link");
  const fresh = (await findUserById(ctx.db, user.id)) as UserRow;
  // The link proves the mailbox, not the second factor: an account with one still gives its code.
  return afterPassword(ctx, fresh, client);
}
