import { useQueryClient } from "@tanstack/react-query";
import { Navigate, Outlet } from "react-router";
import { useQueryCacheRestored } from "../../app/persisted-query-cache";
import { LoadingState } from "../../components/states";
import { useAuthStore } from "../../stores/auth-store";

/**
 * /app/* is for signed-in users only; everyone else goes to / (SPEC §6). Offline, screens wait for
 * the user's persisted reads to be restored, so they open on the data seen before; online they
 * start at once (their requests run meanwhile, and a restore never overwrites newer data).
 */
export function ProtectedRoute() {
  const userId = useAuthStore((s) => (s.isAuthenticated ? s.user?.id : undefined));
  const restored = useQueryCacheRestored(useQueryClient(), userId);
  if (!userId) return <Navigate to="/" replace />;
  return restored || navigator.onLine ? <Outlet /> : <LoadingState />;
}
