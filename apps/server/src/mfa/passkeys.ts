// Passkeys (WebAuthn through @simplewebauthn/server, decision 0077): registering one from the
// profile, using one as the second step after a password or as a passwordless sign-in, and
// removing one. Guarantees:
// - Every challenge is made here, kept server-side (webauthn_challenges) for CHALLENGE_SECONDS,
//   bound to its purpose (and account, and sign-in step), and spent by deleting its row before
//   anything is checked: an answer to a challenge spent or never made is refused (replay).
// - An answer is checked against the relying party of the config (RP ID and origins, config.ts):
//   another origin or RP ID is refused. A passkey of another account than the step's is refused.
//   A signature counter that went back (a cloned authenticator) is refused; the stored counter
//   only moves forward, by a conditional update.
// - Every refusal is a sentence, changes nothing but the spent challenge, and is in the security
//   log of the account concerned when there is one.

import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { PasskeyRegistered } from "@sitesnag/shared/mfa";
import type { AppContext } from "../context";
import type { MfaFactorsTable, UserRow, WebauthnChallengesTable } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { queueSecurityMail } from "../security-log/security-mail";
import { nowSeconds } from "../time";
import { findUserById } from "../users/users.repository";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { findPasskeyRows, hasFactor, replaceRecoveryCodes } from "./mfa.repository";
import type { stepAccount } from "./mfa-sign-in";
import { STEP_EXPIRED } from "./mfa-sign-in";
import { useSecondFactor } from "./second-factor";
import { hashRecoveryCode, newRecoveryCodes } from "./totp";

/** How long a challenge can be answered. */
export const CHALLENGE_SECONDS = 5 * 60;
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
const MAX_PASSKEYS = 20;

export const PASSKEY_NOT_VERIFIED = "This passkey could not be verified. Please try again.";
export const PASSKEY_EXPIRED = "This passkey request has expired or was used already. Please try again.";
export const PASSKEY_OTHER_ACCOUNT = "This passkey belongs to another account.";
export const PASSKEY_UNKNOWN = "This passkey is not registered with any account here.";
const PASSKEY_TAKEN = "This passkey is registered already.";
const TOO_MANY = `An account can hold at most ${MAX_PASSKEYS} passkeys. Remove one first.`;
const DEMO = "Demo accounts cannot set up two-factor authentication.";
const REQUIRED_BY_WORKSPACE =
  "Your workspace requires two-factor authentication: set up another factor before removing your last one.";
const WRONG_CONFIRMATION =
  "That confirmation is not right. Use a code from your authenticator app, a recovery code or a passkey.";

type Purpose = WebauthnChallengesTable["purpose"];
type PasskeyRow = MfaFactorsTable & { credential_id: string; public_key: string };
type Refusal = { status: number; message: string; reason: string };

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, "base64url"));

/** Why an answer was refused, for the log: short words, never the library's whole message. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : "";
  if (/counter/i.test(text)) return "counter-regression";
  if (/origin/i.test(text)) return "wrong-origin";
  if (/RP ID|rpid/i.test(text)) return "wrong-rp-id";
  if (/user verif/i.test(text)) return "no-user-verification";
  if (/signature/i.test(text)) return "bad-signature";
  if (/type/i.test(text)) return "wrong-type";
  return "not-verified";
}

/** The challenge an answer says it answers; null when its client data cannot be read. */
function answeredChallenge(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

async function saveChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  mfaChallengeId: string | null = null,
): Promise<void> {
  const now = nowSeconds();
  await ctx.db
    .insertInto("webauthn_challenges")
    .values({
      id: newId(),
      challenge,
      purpose,
      user_id: userId,
      mfa_challenge_id: mfaChallengeId,
      expires_at: now + CHALLENGE_SECONDS,
      created_at: now,
    })
    .execute();
  // Expired challenges of anyone go with each new one: the table stays small without a job.
  await ctx.db.deleteFrom("webauthn_challenges").where("expires_at", "<", now).execute();
}

/** Spends the challenge (deletes its row): the row when it was live and of this purpose, else null. */
async function spendChallenge(ctx: AppContext, challenge: string | null, purpose: Purpose) {
  if (challenge === null) return null;
  const row = await ctx.db
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .returningAll()
    .executeTakeFirst();
  return row && Number(row.expires_at) > nowSeconds() ? row : null;
}

const findPasskeys = (ctx: AppContext, userId: string) => findPasskeyRows(ctx.db, userId) as Promise<PasskeyRow[]>;

const findByCredential = (ctx: AppContext, credentialId: string) =>
  ctx.db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("credential_id", "=", credentialId)
    .where("kind", "=", "passkey")
    .executeTakeFirst() as Promise<PasskeyRow | undefined>;

const transportsOf = (row: PasskeyRow): AuthenticatorTransport[] | undefined =>
  row.transports ? (row.transports.split(",") as AuthenticatorTransport[]) : undefined;

// --- Registration -------------------------------------------------------------------------

export async function registrationOptions(
  ctx: AppContext,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(DEMO);
  const existing = await findPasskeys(ctx, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError(409, TOO_MANY);
  const options = await generateRegistrationOptions({
    rpName: "SiteSnag",
    rpID: ctx.config.webauthn.rpId,
    // The user handle a discoverable passkey hands back at a passwordless sign-in: our account id.
    userID: new Uint8Array(Buffer.from(user.id, "utf8")),
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await saveChallenge(ctx, options.challenge, "register", user.id);
  return options;
}

export async function registerPasskey(
  ctx: AppContext,
  user: UserRow,
  name: string,
  response: RegistrationResponseJSON,
  client: ClientInfo,
): Promise<PasskeyRegistered> {
  const refuse = async (refusal: Refusal): Promise<never> => {
    await recordSecurityEvent(ctx.db, {
      type: "mfa-failed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { step: "passkey-register", reason: refusal.reason },
    });
    throw new AppError(refusal.status, refusal.message);
  };
  const row = await spendChallenge(ctx, answeredChallenge(response), "register");
  if (!row || row.user_id !== user.id) return refuse({ status: 400, message: PASSKEY_EXPIRED, reason: "challenge" });
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: row.challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    return refuse({ status: 400, message: PASSKEY_NOT_VERIFIED, reason: reasonOf(error) });
  }
  if (!verified.verified) return refuse({ status: 400, message: PASSKEY_NOT_VERIFIED, reason: "not-verified" });
  const { credential } = verified.registrationInfo;
  const now = nowSeconds();
  const id = newId();
  try {
    const recoveryCodes = await ctx.db.transaction().execute(async (trx) => {
      // The first factor of the account brings its recovery codes (an authenticator app brought them otherwise).
      const first = !(await hasFactor(trx, user.id));
      await trx
        .insertInto("mfa_factors")
        .values({
          id,
          user_id: user.id,
          kind: "passkey",
          secret_encrypted: null,
          last_used_step: null,
          confirmed_at: now,
          created_at: now,
          last_used_at: null,
          credential_id: credential.id,
          public_key: b64(credential.publicKey),
          sign_count: credential.counter,
          transports: credential.transports?.join(",") ?? null,
          name,
        })
        .execute();
      const codes = first ? newRecoveryCodes() : null;
      if (codes) await replaceRecoveryCodes(trx, user.id, codes.map(hashRecoveryCode), now, newId);
      await recordSecurityEvent(trx, {
        type: "passkey-added",
        userId: user.id,
        workspaceId: user.workspace_id,
        client,
        details: { name },
      });
      await queueSecurityMail(ctx, user, "passkey-added", client, trx);
      return codes;
    });
    return {
      passkey: { id, name, createdAt: now, lastUsedAt: null },
      recoveryCodes,
    };
  } catch (error) {
    if (uniqueViolation(error) !== null) return refuse({ status: 409, message: PASSKEY_TAKEN, reason: "taken" });
    throw error;
  }
}

// --- Using a passkey ----------------------------------------------------------------------

/** Options for the sign-in step after a password: the step's account's passkeys only. */
export async function secondFactorOptions(
  ctx: AppContext,
  found: Awaited<ReturnType<typeof stepAccount>>,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await findPasskeys(ctx, found.user.id);
  if (passkeys.length === 0) throw new AppError(400, PASSKEY_UNKNOWN);
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "preferred",
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
  await saveChallenge(ctx, options.challenge, "second-factor", found.user.id, found.step.id);
  return options;
}

/** Options for a passwordless sign-in: no account named, the browser offers the site's passkeys. */
export async function signInOptions(ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
  });
  await saveChallenge(ctx, options.challenge, "sign-in", null);
  return options;
}

/** Options to confirm a change (removing a passkey) with one of the signed-in account's passkeys. */
export async function confirmOptions(ctx: AppContext, user: UserRow): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await findPasskeys(ctx, user.id);
  if (passkeys.length === 0) throw new AppError(400, PASSKEY_UNKNOWN);
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "preferred",
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
  await saveChallenge(ctx, options.challenge, "confirm", user.id);
  return options;
}

type Check = {
  purpose: Exclude<Purpose, "register">;
  /** The account the answer must be of (the step's, the signed-in one); null: the passkey names it. */
  userId: string | null;
  /** The sign-in step a second-factor answer must belong to. */
  stepId?: string;
  /** The status of a refusal: 401 in a sign-in (it counts in the throttle), 400 otherwise. */
  status: number;
  client: ClientInfo;
};

/**
 * Checks an assertion and moves its passkey's counter: the passkey's row and account, or a refusal
 * (logged against the account concerned, when known).
 */
async function checkAssertion(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  check: Check,
): Promise<{ passkey: PasskeyRow; user: UserRow }> {
  const refuse = async (message: string, reason: string, userId: string | null): Promise<never> => {
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (user) {
      await recordSecurityEvent(ctx.db, {
        type: check.purpose === "sign-in" ? "sign-in-failed" : "mfa-failed",
        userId: user.id,
        workspaceId: user.workspace_id,
        client: check.client,
        details:
          check.purpose === "sign-in"
            ? { method: "passkey", reason }
            : { reason, factor: "passkey", ...(check.purpose === "confirm" ? { step: "confirm-change" } : {}) },
      });
    }
    throw new AppError(check.status, message);
  };
  // The challenge first: spent whatever follows, so an answer is never checked twice.
  const challenge = await spendChallenge(ctx, answeredChallenge(response), check.purpose);
  const passkey = await findByCredential(ctx, response.id);
  const concerned = check.userId ?? passkey?.user_id ?? null;
  if (
    !challenge ||
    challenge.user_id !== check.userId ||
    (check.stepId && challenge.mfa_challenge_id !== check.stepId)
  ) {
    return refuse(check.purpose === "second-factor" ? STEP_EXPIRED : PASSKEY_EXPIRED, "challenge", concerned);
  }
  if (!passkey) return refuse(PASSKEY_UNKNOWN, "unknown-passkey", concerned);
  if (check.userId !== null && passkey.user_id !== check.userId) {
    return refuse(PASSKEY_OTHER_ACCOUNT, "other-account-passkey", check.userId);
  }
  // A discoverable passkey names its account (our id, given at registration): it must be its own.
  const handle = response.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, "base64url").toString("utf8") !== passkey.user_id) {
    return refuse(PASSKEY_OTHER_ACCOUNT, "user-handle-mismatch", passkey.user_id);
  }
  const counter = Number(passkey.sign_count ?? 0);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      credential: { id: passkey.credential_id, publicKey: bytes(passkey.public_key), counter },
      requireUserVerification: check.purpose === "sign-in",
    });
    if (!verified.verified) return refuse(PASSKEY_NOT_VERIFIED, "not-verified", passkey.user_id);
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    if (error instanceof AppError) throw error;
    return refuse(PASSKEY_NOT_VERIFIED, reasonOf(error), passkey.user_id);
  }
  // Only forward, and only from the value checked: two answers racing cannot both pass on one counter.
  const moved = await ctx.db
    .updateTable("mfa_factors")
    .set({ sign_count: newCounter, last_used_at: nowSeconds() })
    .where("id", "=", passkey.id)
    .where("sign_count", "=", counter)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return refuse(PASSKEY_NOT_VERIFIED, "counter-regression", passkey.user_id);
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw new AppError(check.status, PASSKEY_UNKNOWN);
  return { passkey, user };
}

/** The second step with a passkey: checks it against the step's account and spends the step. */
export async function verifyPasskeyStep(
  ctx: AppContext,
  found: Awaited<ReturnType<typeof stepAccount>>,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
): Promise<UserRow> {
  const { step, user } = found;
  try {
    await checkAssertion(ctx, response, {
      purpose: "second-factor",
      userId: user.id,
      stepId: step.id,
      status: 401,
      client,
    });
  } catch (error) {
    await ctx.db
      .updateTable("mfa_challenges")
      .set((eb) => ({ failures: eb("failures", "+", 1) }))
      .where("id", "=", step.id)
      .execute();
    throw error;
  }
  const spent = await ctx.db
    .updateTable("mfa_challenges")
    .set({ used_at: nowSeconds() })
    .where("id", "=", step.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AppError(401, STEP_EXPIRED);
  return user;
}

/** The account a passwordless answer's passkey belongs to (for the throttle), before it is checked. */
export async function passkeyAccount(ctx: AppContext, response: AuthenticationResponseJSON): Promise<UserRow> {
  const passkey = await findByCredential(ctx, response.id);
  const user = passkey ? await findUserById(ctx.db, passkey.user_id) : undefined;
  if (!user) {
    // Spend the challenge anyway: an answer is never checked twice.
    await spendChallenge(ctx, answeredChallenge(response), "sign-in");
    throw new AppError(401, PASSKEY_UNKNOWN);
  }
  return user;
}

/** A passwordless sign-in: the passkey (with user verification) is both factors. */
export async function verifyPasskeySignIn(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
): Promise<UserRow> {
  return (await checkAssertion(ctx, response, { purpose: "sign-in", userId: null, status: 401, client })).user;
}

/** A fresh passkey answer of the signed-in account (to confirm a change); a 400 refusal otherwise. */
export async function confirmWithPasskey(
  ctx: AppContext,
  user: UserRow,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
): Promise<void> {
  await checkAssertion(ctx, response, { purpose: "confirm", userId: user.id, status: 400, client });
}

// --- Removing -----------------------------------------------------------------------------

export async function removePasskey(
  ctx: AppContext,
  user: UserRow,
  passkeyId: string,
  confirmation: { code?: string; response?: AuthenticationResponseJSON },
  client: ClientInfo,
): Promise<void> {
  const target = await ctx.db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("id", "=", passkeyId)
    .where("user_id", "=", user.id)
    .where("kind", "=", "passkey")
    .executeTakeFirst();
  if (!target) throw notFound("Passkey");
  const others = await ctx.db
    .selectFrom("mfa_factors")
    .select("id")
    .where("user_id", "=", user.id)
    .where("confirmed_at", "is not", null)
    .where("id", "!=", target.id)
    .limit(1)
    .executeTakeFirst();
  if (!others) {
    const workspace = await ctx.db
      .selectFrom("workspaces")
      .select("require_mfa")
      .where("id", "=", user.workspace_id)
      .executeTakeFirst();
    if (Number(workspace?.require_mfa ?? 0) === 1) throw forbidden(REQUIRED_BY_WORKSPACE);
  }
  let confirmedWith: string;
  if (confirmation.response) {
    await confirmWithPasskey(ctx, user, confirmation.response, client);
    confirmedWith = "passkey";
  } else {
    const used = confirmation.code ? await useSecondFactor(ctx, user.id, confirmation.code) : null;
    if (!used) {
      await recordSecurityEvent(ctx.db, {
        type: "mfa-failed",
        userId: user.id,
        workspaceId: user.workspace_id,
        client,
        details: { step: "confirm-change" },
      });
      throw new AppError(400, WRONG_CONFIRMATION, { code: [WRONG_CONFIRMATION] });
    }
    confirmedWith = used;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("mfa_factors").where("id", "=", target.id).execute();
    // The last factor gone, its recovery codes go with it, as when an authenticator app is turned off.
    if (!others) await trx.deleteFrom("mfa_recovery_codes").where("user_id", "=", user.id).execute();
    await recordSecurityEvent(trx, {
      type: "passkey-removed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { name: target.name ?? "", confirmedWith },
    });
    await queueSecurityMail(ctx, user, "passkey-removed", client, trx);
  });
}
