import type { AuthResponse } from "@sitesnag/shared/auth";
import { useEffect, useState } from "react";
import { AppLink } from "../../components/app-link";
import { LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { AuthLayout } from "../auth/auth-layout";
import { finishSso, takeFlowToken } from "./api/sso-api";

// One post per page load, however often the effect runs (React's development double run).
let finishing: Promise<AuthResponse> | "no-flow" | undefined;

/**
 * /sso/callback: the identity provider sends the browser back here with its answer; the server
 * checks it with this tab's flow token and opens the session (SignedOutRoute then moves on).
 */
export function SsoCallbackPage() {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!finishing) {
      const flowToken = takeFlowToken();
      finishing = flowToken ? finishSso(flowToken, window.location.search) : "no-flow";
    }
    if (finishing === "no-flow") {
      setFailure(t("sso.callback.missing"));
      return;
    }
    let live = true;
    finishing.then(
      async (session) => {
        const { storeSession } = await import("../auth/api/session");
        toast.success(t("auth.signIn.success"));
        storeSession(session);
      },
      (error: unknown) => {
        if (live) setFailure(errorMessage(error, t("sso.callback.failed")));
      },
    );
    return () => {
      live = false;
    };
  }, [t]);
  return (
    <AuthLayout
      title={t("sso.callback.title")}
      subtitle={failure ? t("sso.callback.failed") : t("sso.callback.working")}
      alternative={{ prompt: t("sso.start.passwordPrompt"), to: "/login", label: t("sso.start.passwordLink") }}
    >
      {failure ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {failure}
          </p>
          <AppLink to="/login/sso" className="font-semibold text-brand-700 underline">
            {t("sso.callback.again")}
          </AppLink>
        </div>
      ) : (
        <LoadingState label={t("sso.callback.working")} />
      )}
    </AuthLayout>
  );
}
