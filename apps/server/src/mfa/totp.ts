// TOTP (RFC 6238) and recovery codes, pure: no database, no clock but the one passed in.
// Codes are 6 digits of 30 s steps, SHA-1, as every authenticator app reads a plain otpauth URL.
// A code is accepted one step either side of now (clock drift), and only for a step later than
// the last one accepted: a code, once used, is refused for the rest of its window (replay).
import { createHash, randomBytes } from "node:crypto";
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from "@sitesnag/shared/mfa";
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";

const PERIOD_SECONDS = 30;
/** Seconds either side of now a code is still accepted: one step of drift. */
const TOLERANCE_SECONDS = 30;
const SECRET_BYTES = 20;

export const newTotpSecret = (): string => generateSecret({ length: SECRET_BYTES });

export const totpUri = (secret: string, accountEmail: string): string =>
  generateURI({ issuer: PRODUCT_NAME, label: accountEmail, secret, digits: TOTP_DIGITS, period: PERIOD_SECONDS });

/** The code an authenticator shows at `epochSeconds` (tests and tools). */
export const totpCode = (secret: string, epochSeconds: number): string =>
  generateSync({ secret, epoch: epochSeconds, digits: TOTP_DIGITS, period: PERIOD_SECONDS });

export const isTotpShaped = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/**
 * The time step `code` belongs to when it is right for `secret` at `epochSeconds` and later than
 * `afterStep`; null otherwise (wrong, too old, or already used).
 */
export function verifyTotp(
  secret: string,
  code: string,
  epochSeconds: number,
  afterStep: number | null,
): number | null {
  if (!isTotpShaped(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: epochSeconds,
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

// Recovery codes: ten of 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
// shown as xxxxx-xxxxx, compared without case, spaces or dashes. 50 bits each.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(RECOVERY_LENGTH);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

export const hashRecoveryCode = (code: string): string =>
  createHash("sha256")
    .update(`recovery\0${normaliseRecoveryCode(code)}`)
    .digest("hex");

export const isRecoveryShaped = (code: string): boolean =>
  new RegExp(`^[${ALPHABET}]{${RECOVERY_LENGTH}}$`).test(normaliseRecoveryCode(code));
