// Two-factor sign-in (issue 40): the routes' bodies and answers. A sign-in of an account with a
// factor answers MfaChallenge instead of a session; POST /api/auth/mfa/verify turns it into one.
import { z } from "zod";
import { AuthResponseSchema } from "./auth";
import { MFA_METHODS, type MfaChallenge } from "./mfa-contract";
import { plainString } from "./text";

export {
  isMfaChallenge,
  type LoginResponse,
  MFA_METHODS,
  MFA_SETUP_REQUIRED,
  type MfaChallenge,
  type MfaMethod,
} from "./mfa-contract";

/** POST /api/auth/login's answer when the account has a second factor: the step to finish. */
export const MfaChallengeSchema = z
  .object({
    mfaRequired: z.literal(true),
    mfaToken: z.string(),
    methods: z.array(z.enum(MFA_METHODS)),
  })
  .meta({ id: "MfaChallenge" }) satisfies z.ZodType<MfaChallenge>;
/** POST /api/auth/login: signed in, or the second step to take. */
export const LoginResponseSchema = z.union([AuthResponseSchema, MfaChallengeSchema]);

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

/** POST /api/auth/mfa/totp: the secret to enter in an authenticator app (or its QR code). */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;
/** Each shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** A passkey of the account, as the security card lists it. */
export const PasskeyInfoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: "Passkey" });
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

/** GET /api/auth/mfa: what the profile's security card shows. */
export const MfaStatusSchema = z.object({
  totp: z.object({ enabled: z.boolean(), confirmedAt: z.number().nullable() }),
  passkeys: z.array(PasskeyInfoSchema),
  recoveryCodesLeft: z.number().int(),
  /** The workspace requires a factor of every member. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const WorkspaceSecuritySchema = z.object({
  requireMfa: z.boolean({ error: "requireMfa must be true or false" }),
});
export type WorkspaceSecurity = z.infer<typeof WorkspaceSecuritySchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome · Android"; null when unknown. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
/** GET /api/auth/sessions. */
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });

// Passkeys (WebAuthn, decision 0077). The browser's answers are the JSON @simplewebauthn/browser
// makes of them: base64url fields, checked for shape and size here and for meaning on the server.
export const PASSKEY_NAME_MAX = 60;
const BAD_ANSWER = "The passkey's answer is not valid. Please try again.";
const b64url = (max: number) =>
  z
    .string({ error: BAD_ANSWER })
    .max(max, BAD_ANSWER)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, BAD_ANSWER);
const TRANSPORTS = z
  .array(z.string({ error: BAD_ANSWER }).max(32, BAD_ANSWER), { error: BAD_ANSWER })
  .max(10, BAD_ANSWER);
const EXTENSIONS = z.record(z.string({ error: BAD_ANSWER }).max(64, BAD_ANSWER), z.unknown(), { error: BAD_ANSWER });
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key", { error: BAD_ANSWER }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"], { error: BAD_ANSWER }).optional(),
  clientExtensionResults: EXTENSIONS.default({}),
};

export const RegistrationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(8192),
        attestationObject: b64url(65_536),
        authenticatorData: b64url(65_536).optional(),
        transports: TRANSPORTS.optional(),
        publicKeyAlgorithm: z.number({ error: BAD_ANSWER }).int(BAD_ANSWER).optional(),
        publicKey: b64url(8192).optional(),
      },
      { error: BAD_ANSWER },
    ),
  },
  { error: BAD_ANSWER },
);

export const AuthenticationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: b64url(8192),
        authenticatorData: b64url(65_536),
        signature: b64url(8192),
        userHandle: b64url(512).optional(),
      },
      { error: BAD_ANSWER },
    ),
  },
  { error: BAD_ANSWER },
);

export const PasskeyNameSchema = plainString({ error: "Give the passkey a name" })
  .trim()
  .min(1, "Give the passkey a name")
  .max(PASSKEY_NAME_MAX, `Passkey name must be at most ${PASSKEY_NAME_MAX} characters`);

/** POST /api/auth/passkeys/registration/verify. */
export const PasskeyRegisterSchema = z.object({ name: PasskeyNameSchema, response: RegistrationResponseSchema });
export type PasskeyRegister = z.input<typeof PasskeyRegisterSchema>;
/** POST /api/auth/passkeys/registration/verify: recovery codes with the account's first factor only. */
export const PasskeyRegisteredSchema = z.object({
  passkey: PasskeyInfoSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type PasskeyRegistered = z.infer<typeof PasskeyRegisteredSchema>;

/**
 * The WebAuthn options a browser passes to navigator.credentials (PublicKeyCredential*OptionsJSON,
 * W3C WebAuthn Level 3): documented by its challenge; the rest is as the standard defines it.
 */
export const PasskeyOptionsAnswerSchema = z
  .looseObject({ challenge: z.string() })
  .describe("WebAuthn PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON");

const STEP_TOKEN = z.string({ error: "The sign-in step is missing" }).min(1, "The sign-in step is missing").max(200);

/** POST /api/auth/passkeys/authentication/options: with the step token after a password, without for a passwordless sign-in. */
export const PasskeyOptionsSchema = z.object({ mfaToken: STEP_TOKEN.optional() }).default({});
/** POST /api/auth/passkeys/authentication/verify. */
export const PasskeySignInSchema = z.object({
  mfaToken: STEP_TOKEN.optional(),
  response: AuthenticationResponseSchema,
});
export type PasskeySignIn = z.input<typeof PasskeySignInSchema>;

/**
 * A fresh factor confirming a change: a code (TOTP or recovery) or a passkey's answer to
 * /api/auth/passkeys/confirm/options. Removing a passkey, making new recovery codes.
 */
export const FreshFactorSchema = z
  .object({ code: MfaCodeSchema.optional(), response: AuthenticationResponseSchema.optional() })
  .refine((v) => v.code !== undefined || v.response !== undefined, "Confirm with a code or a passkey");
export type FreshFactor = z.input<typeof FreshFactorSchema>;
/** POST /api/auth/passkeys/:id/remove. */
export const PasskeyRemoveSchema = FreshFactorSchema;
export type PasskeyRemove = FreshFactor;
