// The two-factor answers and constants the web app's first load reads (the sign-in page, the API
// client's refusal check): no zod here, so they cost the first load nothing but themselves.
import type { AuthResponse } from "./auth";

/** The second-factor methods a sign-in step can offer. */
export const MFA_METHODS = ["totp", "passkey", "recovery"] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** The 403 answer's `code` while a workspace requires a factor its member has not set up. */
export const MFA_SETUP_REQUIRED = "mfa_setup_required";

export type MfaChallenge = { mfaRequired: true; mfaToken: string; methods: MfaMethod[] };
export type LoginResponse = AuthResponse | MfaChallenge;
export const isMfaChallenge = (answer: LoginResponse): answer is MfaChallenge => "mfaRequired" in answer;
