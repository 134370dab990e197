import { Navigate, Outlet } from "react-router";
import { useAuthStore } from "../../stores/auth-store";

/** Sign-in and sign-up are for visitors: a signed-in user is taken to the dashboard instead. */
export function SignedOutRoute() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  return isAuthenticated ? <Navigate to="/app/dashboard" replace /> : <Outlet />;
}
