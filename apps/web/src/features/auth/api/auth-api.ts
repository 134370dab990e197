import type { AuthResponse, Register } from "@sitesnag/shared/auth";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api-client";
import { loginRequest, storeSession } from "./session";

export { loginRequest };
export const registerRequest = (body: Register) => api<AuthResponse>("/auth/register", { method: "POST", body });
export const demoLoginRequest = () => api<AuthResponse>("/auth/demo-login", { method: "POST" });

/** Stores the session and opens the dashboard (SPEC §4). */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (session: AuthResponse) => {
    storeSession(session);
    navigate("/app/dashboard", { replace: true });
  };
}

export function useDemoLogin() {
  const complete = useCompleteSignIn();
  return useMutation({ mutationFn: demoLoginRequest, onSuccess: complete });
}

/** Revokes the refresh token server-side (best effort) and clears the session. */
export async function logoutRequest(refreshToken: string | null): Promise<void> {
  if (!refreshToken) return;
  try {
    await api("/auth/logout", { method: "POST", body: { refreshToken } });
  } catch {
    // The local session is cleared regardless; an unreachable server must not trap the user.
  }
}
