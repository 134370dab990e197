import { useEffect } from "react";
import { startLocale } from "../../i18n/locale-start";
import { useAuthStore } from "../../stores/auth-store";
import { LoginPage } from "./login-page";

const openDashboard = () => window.location.replace("/app/dashboard");

/**
 * /login as pre-rendered: a signed-in visitor goes on to the app, as SignedOutRoute does in it.
 * The HTML is English (the catalogue's source); once hydrated, the page turns to the visitor's
 * language (the browser's, or a choice made on this device) as the app does when it starts.
 */
export function StaticLoginPage() {
  useEffect(() => {
    const { isAuthenticated, user } = useAuthStore.getState();
    if (isAuthenticated && user) openDashboard();
    else void startLocale();
  }, []);
  return <LoginPage onSignedIn={openDashboard} />;
}
