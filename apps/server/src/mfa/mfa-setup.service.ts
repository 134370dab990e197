// Setting up, replacing and turning off the authenticator app, and the recovery codes. Guarantees:
// - A new secret is pending until its first code is confirmed; confirming replaces the account's
//   previous authenticator at once, so codes of an earlier secret stop working.
// - Ten recovery codes are shown once, at confirmation or regeneration, and kept only as hashes.
// - Turning the factor off or regenerating the codes needs a fresh code (TOTP or recovery).
// - Every change is in the security log and mailed to the account, in one transaction with it.

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { MfaStatus, RecoveryCodes, TotpSetup } from "@sitesnag/shared/mfa";
import QRCode from "qrcode";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, badRequest, forbidden } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { queueSecurityMail } from "../security-log/security-mail";
import { nowSeconds } from "../time";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import {
  countUnusedRecoveryCodes,
  findConfirmedTotp,
  findPendingTotp,
  hasFactor,
  hasPasskey,
  listPasskeys,
  replaceRecoveryCodes,
} from "./mfa.repository";
import { confirmWithPasskey } from "./passkeys";
import { openTotpSecret, TOTP_PURPOSE, useSecondFactor } from "./second-factor";
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from "./totp";

export const WRONG_CODE = "That code is not right. Check the code in your authenticator app and try again.";
const NO_PENDING = "Start setting up the authenticator app again: this setup has expired.";
const DEMO_NO_MFA = "Demo accounts cannot set up two-factor authentication.";
const REQUIRED_BY_WORKSPACE =
  "Your workspace requires two-factor authentication, so it cannot be turned off. Set up a new authenticator app instead.";
const NOT_ON = "Two-factor authentication is not turned on for this account.";
/** A pending setup is abandoned after this long. */
const PENDING_SECONDS = 60 * 60;

const wrongCode = () => new AppError(400, WRONG_CODE, { code: [WRONG_CODE] });

async function requireNotDemo(ctx: AppContext, user: UserRow): Promise<void> {
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(DEMO_NO_MFA);
}

export async function mfaStatus(ctx: AppContext, user: UserRow): Promise<MfaStatus> {
  const [totp, passkeys, left, workspace] = await Promise.all([
    findConfirmedTotp(ctx.db, user.id),
    listPasskeys(ctx.db, user.id),
    countUnusedRecoveryCodes(ctx.db, user.id),
    ctx.db.selectFrom("workspaces").select("require_mfa").where("id", "=", user.workspace_id).executeTakeFirst(),
  ]);
  return {
    totp: { enabled: totp !== undefined, confirmedAt: totp?.confirmed_at == null ? null : Number(totp.confirmed_at) },
    passkeys,
    recoveryCodesLeft: totp || passkeys.length > 0 ? left : 0,
    required: Number(workspace?.require_mfa ?? 0) === 1,
  };
}

/** A new pending secret (replacing any pending one); the current authenticator works until confirmed. */
export async function startTotpSetup(ctx: AppContext, user: UserRow): Promise<TotpSetup> {
  await requireNotDemo(ctx, user);
  const secret = newTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("mfa_factors")
      .where("user_id", "=", user.id)
      .where("kind", "=", "totp")
      .where("confirmed_at", "is", null)
      .execute();
    await trx
      .insertInto("mfa_factors")
      .values({
        id: newId(),
        user_id: user.id,
        kind: "totp",
        secret_encrypted: ctx.secrets.seal(secret, TOTP_PURPOSE),
        last_used_step: null,
        confirmed_at: null,
        created_at: nowSeconds(),
        last_used_at: null,
      })
      .execute();
  });
  return { secret, otpauthUrl: totpUri(secret, user.email) };
}

async function pendingSecret(ctx: AppContext, user: UserRow) {
  const pending = await findPendingTotp(ctx.db, user.id);
  const secret = pending ? openTotpSecret(ctx, pending.secret_encrypted) : null;
  if (!pending || !secret || nowSeconds() - Number(pending.created_at) > PENDING_SECONDS) {
    throw new AppError(409, NO_PENDING);
  }
  return { pending, secret };
}

/** The pending secret's otpauth URL as a QR code (SVG), drawn on the server: no QR code in the app's bundle. */
export async function totpQrSvg(ctx: AppContext, user: UserRow): Promise<string> {
  const { secret } = await pendingSecret(ctx, user);
  return QRCode.toString(totpUri(secret, user.email), { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

export async function confirmTotp(
  ctx: AppContext,
  user: UserRow,
  code: string,
  client: ClientInfo,
): Promise<RecoveryCodes> {
  await requireNotDemo(ctx, user);
  const { pending, secret } = await pendingSecret(ctx, user);
  const now = nowSeconds();
  const step = verifyTotp(secret, code, now, null);
  if (step === null) throw wrongCode();
  const recoveryCodes = newRecoveryCodes();
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    const previous = await trx
      .deleteFrom("mfa_factors")
      .where("user_id", "=", user.id)
      .where("kind", "=", "totp")
      .where("confirmed_at", "is not", null)
      .executeTakeFirst();
    const confirmed = await trx
      .updateTable("mfa_factors")
      .set({ confirmed_at: now, last_used_step: step, last_used_at: now })
      .where("id", "=", pending.id)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    // Confirmed by a request racing this one: roll back, answer as an expired setup.
    if (Number(confirmed.numUpdatedRows) !== 1) throw new AppError(409, NO_PENDING);
    await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode), now, newId);
    await recordSecurityEvent(trx, {
      type: "factor-added",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { factor: "totp", replaced: Number(previous.numDeletedRows) > 0 },
    });
    await queueSecurityMail(ctx, user, "factor-added", client, trx);
    return Number(previous.numDeletedRows) > 0;
  });
  ctx.log.info({ userId: user.id, replaced }, "authenticator app confirmed");
  return { recoveryCodes };
}

async function requireFreshCode(ctx: AppContext, user: UserRow, code: string, client: ClientInfo, needTotp = true) {
  if (needTotp && !(await findConfirmedTotp(ctx.db, user.id))) throw badRequest(NOT_ON);
  const used = await useSecondFactor(ctx, user.id, code);
  if (!used) {
    await recordSecurityEvent(ctx.db, {
      type: "mfa-failed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { step: "confirm-change" },
    });
    throw wrongCode();
  }
  return used;
}

export async function disableTotp(ctx: AppContext, user: UserRow, code: string, client: ClientInfo): Promise<void> {
  const workspace = await ctx.db
    .selectFrom("workspaces")
    .select("require_mfa")
    .where("id", "=", user.workspace_id)
    .executeTakeFirst();
  // With a passkey left the account keeps a factor, so the policy does not stand in the way.
  const passkeyLeft = await hasPasskey(ctx.db, user.id);
  if (Number(workspace?.require_mfa ?? 0) === 1 && !passkeyLeft) throw forbidden(REQUIRED_BY_WORKSPACE);
  const used = await requireFreshCode(ctx, user, code, client);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("mfa_factors").where("user_id", "=", user.id).where("kind", "=", "totp").execute();
    if (!passkeyLeft) await trx.deleteFrom("mfa_recovery_codes").where("user_id", "=", user.id).execute();
    await recordSecurityEvent(trx, {
      type: "factor-removed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { factor: "totp", confirmedWith: used },
    });
    await queueSecurityMail(ctx, user, "factor-removed", client, trx);
  });
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
  confirmation: { code?: string; response?: AuthenticationResponseJSON },
  client: ClientInfo,
): Promise<RecoveryCodes> {
  let used: string;
  if (confirmation.response) {
    // An account's passkey (the one way to confirm for an account with passkeys only but no codes left).
    await confirmWithPasskey(ctx, user, confirmation.response, client);
    used = "passkey";
  } else {
    if (!(await hasFactor(ctx.db, user.id))) throw badRequest(NOT_ON);
    used = await requireFreshCode(ctx, user, confirmation.code ?? "", client, false);
  }
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode), nowSeconds(), newId);
    await recordSecurityEvent(trx, {
      type: "recovery-codes-regenerated",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { confirmedWith: used },
    });
  });
  return { recoveryCodes };
}
