import { isLocale } from "@sitesnag/shared/i18n/locales";
import { useEffect } from "react";
import { activateLocale } from "../../i18n/i18n";
import { readDeviceChoice, startLocale } from "../../i18n/locale-start";
import { useAuthStore } from "../../stores/auth-store";
import { LoginPage } from "./login-page";

const openDashboard = () => window.location.replace("/app/dashboard");

/**
 * The language the server chose this document in (its <html lang>: the visitor's saved choice, by
 * cookie, else Accept-Language; decision 0061): the page hydrates in it, the same words as the HTML.
 */
export async function speakDocumentLanguage(): Promise<void> {
  // At build (scripts/prerender.mjs) there is no document: the build sets the language itself.
  if (typeof document === "undefined") return;
  const lang = document.documentElement.lang;
  if (isLocale(lang) && lang !== "en-GB") await activateLocale(lang);
}

/**
 * /login as pre-rendered: a signed-in visitor goes on to the app, as SignedOutRoute does in it.
 * The HTML is in the language the server chose (speakDocumentLanguage); once hydrated, the page
 * follows a choice made on this device, if another, as the app does when it starts.
 */
export function StaticLoginPage() {
  useEffect(() => {
    const { isAuthenticated, user } = useAuthStore.getState();
    if (isAuthenticated && user) openDashboard();
    // A language picked on this device since the cookie was written wins; otherwise the page stays in
    // the one the server chose (the saved cookie's, else the browser's).
    else if (readDeviceChoice()) void startLocale();
  }, []);
  return <LoginPage onSignedIn={openDashboard} />;
}
