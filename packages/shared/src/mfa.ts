// Two-factor sign-in (issue 40): the routes' bodies and answers. A sign-in of an account with a
// factor answers MfaChallenge instead of a session; POST /api/auth/mfa/verify turns it into one.
import { z } from "zod";

export {
  isMfaChallenge,
  type LoginResponse,
  MFA_METHODS,
  MFA_SETUP_REQUIRED,
  type MfaChallenge,
  type MfaMethod,
} from "./mfa-contract";

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step token of a sign-in lives, in seconds. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

const CODE_MAX = 64;
/** A six-digit TOTP code or a recovery code; spaces and dashes are ignored. */
export const MfaCodeSchema = z
  .string({ error: "Enter the code" })
  .max(CODE_MAX, `Code must be at most ${CODE_MAX} characters`)
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().min(1, "Enter the code"));

export const MfaCodeBodySchema = z.object({ code: MfaCodeSchema });
export type MfaCodeBody = z.input<typeof MfaCodeBodySchema>;

export const MfaVerifySchema = z.object({
  mfaToken: z.string({ error: "The sign-in step is missing" }).min(1, "The sign-in step is missing").max(200),
  code: MfaCodeSchema,
});
export type MfaVerify = z.input<typeof MfaVerifySchema>;

export type TotpSetup = { secret: string; otpauthUrl: string };
export type RecoveryCodes = { recoveryCodes: string[] };

/** GET /api/auth/mfa: what the profile's security card shows. */
export type MfaStatus = {
  totp: { enabled: boolean; confirmedAt: number | null };
  recoveryCodesLeft: number;
  /** The workspace requires a factor of every member. */
  required: boolean;
};

export const WorkspaceSecuritySchema = z.object({
  requireMfa: z.boolean({ error: "requireMfa must be true or false" }),
});
export type WorkspaceSecurity = z.infer<typeof WorkspaceSecuritySchema>;

export type SessionInfo = {
  id: string;
  /** "Chrome · Android"; null when unknown. */
  device: string | null;
  ip: string | null;
  createdAt: number;
  lastUsedAt: number;
  current: boolean;
};
