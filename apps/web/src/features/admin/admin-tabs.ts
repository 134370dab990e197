import { BarChart3, CreditCard, Download, LayoutDashboard, type LucideIcon, Settings, Users } from "lucide-react";

export type AdminTabId = "dashboard" | "users" | "memberships" | "analytics" | "export" | "settings";

export const ADMIN_TABS: { id: AdminTabId; label: string; icon: LucideIcon }[] = [
  { id: "dashboard", label: "Admin Dashboard", icon: LayoutDashboard },
  { id: "users", label: "User Management", icon: Users },
  { id: "memberships", label: "Memberships", icon: CreditCard },
  { id: "analytics", label: "Reports & Analytics", icon: BarChart3 },
  { id: "export", label: "Export Data", icon: Download },
  { id: "settings", label: "System Settings", icon: Settings },
];

/** `?tab=` selects the tab; an unknown value falls back to the dashboard (SPEC §2). */
export function resolveAdminTab(value: string | null) {
  return ADMIN_TABS.find((t) => t.id === value) ?? (ADMIN_TABS[0] as (typeof ADMIN_TABS)[number]);
}
