import { Navigate, Outlet } from "react-router";
import { useAuthStore } from "../../stores/auth-store";

/** /app/admin is for role admin; anyone else goes to the dashboard. The server enforces it too. */
export function AdminRoute() {
  const role = useAuthStore((s) => s.user?.role);
  return role === "admin" ? <Outlet /> : <Navigate to="/app/dashboard" replace />;
}
