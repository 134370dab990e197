import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { Navigate, Outlet } from "react-router";
import { useQueryCacheRestored } from "../../app/persisted-query-cache";
import { LoadingState } from "../../components/states";
import { isMfaSetupRequired, onMfaGateChange } from "../../lib/mfa-gate";
import { useAuthStore } from "../../stores/auth-store";

const MfaRequiredPage = lazy(() =>
  import("../security/mfa-required-page").then((m) => ({ default: m.MfaRequiredPage })),
);

/**
 * /app/* is for signed-in users only; everyone else goes to / (SPEC §6). Offline, screens wait for
 * the user's persisted reads to be restored, so they open on the data seen before; online they
 * start at once (their requests run meanwhile, and a restore never overwrites newer data).
 */
export function ProtectedRoute() {
  const userId = useAuthStore((s) => (s.isAuthenticated ? s.user?.id : undefined));
  const restored = useQueryCacheRestored(useQueryClient(), userId);
  // The workspace requires a second factor this account lacks: only its setup until it is done.
  const mustSetUp = useSyncExternalStore(onMfaGateChange, isMfaSetupRequired, isMfaSetupRequired);
  if (!userId) return <Navigate to="/" replace />;
  if (mustSetUp) {
    return (
      <Suspense fallback={<LoadingState />}>
        <MfaRequiredPage />
      </Suspense>
    );
  }
  return restored || navigator.onLine ? <Outlet /> : <LoadingState />;
}
