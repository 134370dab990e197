import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { forgetQueryCache } from "../../app/persisted-query-cache";
import { LoadingState } from "../../components/states";
import { clearApiCache } from "../../lib/offline-cache";
import { useAuthStore } from "../../stores/auth-store";
import { logoutRequest } from "./api/auth-api";

/**
 * Signing out happens here, outside /app, so that clearing the session cannot race the /app guard
 * (which sends unauthenticated visitors to /). Revokes the refresh token, clears the session and
 * cached data, then goes to /login (SPEC §4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { refreshToken, logout } = useAuthStore.getState();
    void Promise.allSettled([logoutRequest(refreshToken), clearApiCache(), forgetQueryCache()]).finally(() => {
      logout();
      queryClient.clear();
      navigate("/login", { replace: true });
    });
  }, [navigate, queryClient]);
  return <LoadingState label="Signing out…" />;
}
