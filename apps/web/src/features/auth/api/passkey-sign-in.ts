// Signing in with a passkey (decision 0077): with the step token, the second step after a
// password; without, a passwordless sign-in with a passkey the browser offers. Loaded on demand.

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { api } from "../../../lib/api-client";
import { answerWithPasskey } from "../../security/passkey-browser";

export async function signInWithPasskey(mfaToken?: string): Promise<AuthResponse> {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>("/auth/passkeys/authentication/options", {
    method: "POST",
    body: mfaToken ? { mfaToken } : {},
  });
  const response = await answerWithPasskey(options);
  return api<AuthResponse>("/auth/passkeys/authentication/verify", {
    method: "POST",
    body: mfaToken ? { mfaToken, response } : { response },
  });
}
