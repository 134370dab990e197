import { useEffect } from "react";
import { useAuthStore } from "../../stores/auth-store";
import { LoginPage } from "./login-page";

const openDashboard = () => window.location.replace("/app/dashboard");

/** /login as pre-rendered: a signed-in visitor goes on to the app, as SignedOutRoute does in it. */
export function StaticLoginPage() {
  useEffect(() => {
    const { isAuthenticated, user } = useAuthStore.getState();
    if (isAuthenticated && user) openDashboard();
  }, []);
  return <LoginPage onSignedIn={openDashboard} />;
}
