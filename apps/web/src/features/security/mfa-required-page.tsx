import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { refreshAccessToken } from "../../lib/api-client";
import { setMfaSetupRequired } from "../../lib/mfa-gate";
import { useAuthStore } from "../../stores/auth-store";
import { PasskeyAdd } from "./passkey-add";
import { TotpSetup } from "./totp-setup";

/**
 * Shown instead of the app while the workspace requires a second factor this account has not set
 * up (the server refuses everything else with 403 mfa_setup_required). Once set up, the session
 * is refreshed (the new access token is no longer restricted) and the app opens.
 */
export function MfaRequiredPage() {
  const t = useT();
  const client = useQueryClient();
  const done = async () => {
    await refreshAccessToken(useAuthStore.getState().accessToken);
    setMfaSetupRequired(false);
    await client.invalidateQueries();
  };
  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{t("security.required.title")}</h1>
      <p className="mt-2 mb-6 text-sm text-slate-600">{t("security.required.body")}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <TotpSetup onDone={done} />
      </div>
      <section
        aria-label={t("passkeys.title")}
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 className="mb-3 font-semibold text-slate-900">{t("passkeys.required.or")}</h2>
        <PasskeyAdd onDone={done} />
      </section>
      <p className="mt-6 text-sm">
        <Link to="/logout" className="font-medium text-slate-600 underline">
          {t("security.required.signOut")}
        </Link>
      </p>
    </main>
  );
}
