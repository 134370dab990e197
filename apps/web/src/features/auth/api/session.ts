// Signing in without the router: the pre-rendered /login page uses this directly; the app's
// hooks in auth-api.ts add navigation on top.
import type { AuthResponse, Login } from "@sitesnag/shared/auth";
import type { LoginResponse, MfaVerify } from "@sitesnag/shared/mfa";
import { api } from "../../../lib/api-client";
import { clearApiCache, deletePersistedQueries } from "../../../lib/offline-cache";
import { useAuthStore } from "../../../stores/auth-store";

/** The session, or the second step when the account has a factor (issue 40). */
export const loginRequest = (body: Login) => api<LoginResponse>("/auth/login", { method: "POST", body });

export const verifyMfaRequest = (body: MfaVerify) => api<AuthResponse>("/auth/mfa/verify", { method: "POST", body });

/** Stores the session; the API cache and persisted reads of whoever was signed in before are emptied. */
export function storeSession(session: AuthResponse): void {
  void clearApiCache();
  deletePersistedQueries();
  useAuthStore.getState().signIn(session);
}
