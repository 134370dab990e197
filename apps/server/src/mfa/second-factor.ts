// Checking a second-factor code of an account: a TOTP code of its confirmed authenticator (taking
// that code's time step, so it cannot be used again) or one of its unused recovery codes (spent).
// Both claims are conditional updates, so two requests racing with one code cannot both pass.
import type { AppContext } from "../context";
import { nowSeconds } from "../time";
import { claimRecoveryCode, claimTotpStep, findConfirmedTotp } from "./mfa.repository";
import { hashRecoveryCode, isRecoveryShaped, isTotpShaped, verifyTotp } from "./totp";

export const TOTP_PURPOSE = "mfa-totp";
export type UsedFactor = "totp" | "recovery";

/** The secret of a TOTP factor row; null when it cannot be opened (the key changed). */
export const openTotpSecret = (ctx: AppContext, sealed: string | null): string | null =>
  sealed === null ? null : ctx.secrets.open(sealed, TOTP_PURPOSE);

export async function useSecondFactor(ctx: AppContext, userId: string, code: string): Promise<UsedFactor | null> {
  const now = nowSeconds();
  if (isTotpShaped(code)) {
    const factor = await findConfirmedTotp(ctx.db, userId);
    const secret = factor ? openTotpSecret(ctx, factor.secret_encrypted) : null;
    if (!factor || !secret) return null;
    const step = verifyTotp(secret, code, now, factor.last_used_step === null ? null : Number(factor.last_used_step));
    return step !== null && (await claimTotpStep(ctx.db, factor.id, step, now)) ? "totp" : null;
  }
  if (isRecoveryShaped(code) && (await claimRecoveryCode(ctx.db, userId, hashRecoveryCode(code), now))) {
    return "recovery";
  }
  return null;
}
