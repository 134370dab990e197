import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { forgetQueryCache } from "../../app/persisted-query-cache";
import { Button } from "../../components/button";
import { LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { clearApiCache } from "../../lib/offline-cache";
import { outboxExists } from "../../offline/outbox-presence";
import { useAuthStore } from "../../stores/auth-store";
import { logoutRequest } from "./api/auth-api";

type Step =
  | { kind: "checking" }
  | { kind: "ask"; pending: number; note?: string }
  | { kind: "syncing" }
  | { kind: "out" };

/** Changes in this browser's outbox for the user that have not reached the server (0 when none). */
async function unsyncedCount(userId: string): Promise<number> {
  if (!(await outboxExists(userId))) return 0;
  const { outboxFor } = await import("../../offline/outbox");
  return (await outboxFor(userId).items()).length;
}

/**
 * Signing out happens here, outside /app, so that clearing the session cannot race the /app guard
 * (which sends unauthenticated visitors to /). Unsynced changes in this browser make it ask first:
 * sync them now, or keep them for the next sign-in (each user's queue is its own database, only
 * ever sent with that user's session; issue 28). Then it revokes the refresh token, clears the
 * session and cached data, and goes to /login (SPEC §4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [step, setStep] = useState<Step>({ kind: "checking" });
  const t = useT();

  const signOut = useCallback(() => {
    setStep({ kind: "out" });
    const { refreshToken, logout } = useAuthStore.getState();
    void Promise.allSettled([
      logoutRequest(refreshToken),
      clearApiCache(),
      forgetQueryCache(),
      // The background sync's copy of the session (offline/sync-session.ts): nothing is sent after this.
      import("../../offline/sync-session").then((m) => m.clearSyncSession()),
    ]).finally(() => {
      logout();
      queryClient.clear();
      navigate("/login", { replace: true });
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userId = useAuthStore.getState().user?.id;
    void (userId ? unsyncedCount(userId) : Promise.resolve(0))
      .catch(() => 0)
      .then((pending) => (pending > 0 ? setStep({ kind: "ask", pending }) : signOut()));
  }, [signOut]);

  const syncNow = async () => {
    const userId = useAuthStore.getState().user?.id;
    if (!userId) return signOut();
    setStep({ kind: "syncing" });
    try {
      await (await import("../../offline/outbox")).syncOutbox(userId);
    } catch {
      // Counted below: whatever did not go stays queued.
    }
    const pending = await unsyncedCount(userId).catch(() => 1);
    if (pending === 0) return signOut();
    setStep({
      kind: "ask",
      pending,
      note: navigator.onLine ? t("auth.logout.notSent") : t("auth.logout.offline"),
    });
  };

  if (step.kind === "checking" || step.kind === "out") return <LoadingState label={t("auth.logout.signingOut")} />;
  if (step.kind === "syncing") return <LoadingState label={t("auth.logout.syncing")} />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-xl font-semibold text-slate-900">{t("auth.logout.title")}</h1>
      <p className="text-slate-700">{t("auth.logout.pending", { count: step.pending })}</p>
      {step.note && (
        <p role="alert" className="text-amber-800">
          {step.note}
        </p>
      )}
      <p className="text-sm text-slate-600">{t("auth.logout.kept")}</p>
      <div className="flex flex-col gap-2">
        <Button onClick={() => void syncNow()} disabled={!navigator.onLine}>
          {t("auth.logout.syncThenOut")}
        </Button>
        <Button variant="secondary" onClick={signOut}>
          {t("auth.logout.keep")}
        </Button>
        <Button variant="ghost" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/app"))}>
          {t("auth.logout.stay")}
        </Button>
      </div>
    </main>
  );
}
