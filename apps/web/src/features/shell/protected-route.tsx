import { Navigate, Outlet } from "react-router";
import { useAuthStore } from "../../stores/auth-store";

/** /app/* is for signed-in users only; everyone else goes to / (SPEC §6). */
export function ProtectedRoute() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  return isAuthenticated ? <Outlet /> : <Navigate to="/" replace />;
}
