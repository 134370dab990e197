import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import type { Unsubscribed } from "@sitesnag/shared/notification-mail";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api-client";
import { unsubscribedText } from "./unsubscribed-text";

const unsubscribeRequest = (token: string) =>
  api<Unsubscribed>("/mail/unsubscribe", { method: "POST", body: { token } });

/** The token from the email's link, taken out of the address bar once read. */
function useLinkToken(): string {
  const [token] = useState(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get("token") ?? "";
    if (value) window.history.replaceState(window.history.state, "", url.pathname);
    return value;
  });
  return token;
}

/**
 * /unsubscribe?token=…: the footer link of notification mail. Works without signing in; a button
 * confirms, so a link scanner opening the page unsubscribes nobody. (Mail clients use the
 * List-Unsubscribe one-click endpoint instead.)
 */
export function UnsubscribePage() {
  const token = useLinkToken();
  const stop = useMutation({ mutationFn: () => unsubscribeRequest(token) });
  const t = useT();
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-12 sm:items-center">
      <title>{`${t("auth.unsubscribe.submit")} · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{t("auth.unsubscribe.title")}</h1>
        {!token ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {t("auth.linkMissing")}
          </p>
        ) : stop.isSuccess ? (
          <div role="status" className="mt-3 space-y-2 text-sm text-slate-700">
            <p className="font-semibold text-emerald-800">{unsubscribedText(t, stop.data)}</p>
            <p>{t("auth.unsubscribe.again")}</p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">{t("auth.unsubscribe.intro", { product: PRODUCT_NAME })}</p>
            {stop.isError && (
              <p role="alert" className="mt-3 text-sm text-red-800">
                {errorMessage(stop.error, t("auth.unsubscribe.failed"))}
              </p>
            )}
            <Button className="mt-5 w-full" isLoading={stop.isPending} onClick={() => stop.mutate()}>
              {t("auth.unsubscribe.submit")}
            </Button>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <AppLink to="/app/profile" className="underline">
            {t("auth.unsubscribe.settings")}
          </AppLink>
        </p>
      </div>
    </main>
  );
}
