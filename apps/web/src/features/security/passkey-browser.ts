// The browser's side of passkeys (decision 0077). @simplewebauthn/browser is imported only when a
// passkey is created or used, so no first load (the sign-in page, the profile) carries it.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

const library = () => import("@simplewebauthn/browser");

/** Whether this browser can create and use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON });
}

export async function answerWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON });
}

/** The browser refused or the person cancelled (no server answer to show). */
export const isCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
