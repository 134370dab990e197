// Whether the server has said this session must set up a second factor first (a 403 with code
// "mfa_setup_required", issue 40). The signed-in shell then shows the setup screen instead of
// the app until setup is done and the session refreshed.
import { MFA_SETUP_REQUIRED } from "@sitesnag/shared/mfa-contract";

let required = false;
const listeners = new Set<() => void>();

export const isMfaSetupRequired = (): boolean => required;
export function onMfaGateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function setMfaSetupRequired(value: boolean): void {
  if (required === value) return;
  required = value;
  for (const listener of listeners) listener();
}
/** Called with every refused answer's body: opens the gate on the server's word. */
export const noteRefusal = (status: number, body: { code?: string } | null): void =>
  setMfaSetupRequired(required || (status === 403 && body?.code === MFA_SETUP_REQUIRED));
