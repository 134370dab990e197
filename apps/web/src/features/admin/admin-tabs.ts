import { BarChart3, CreditCard, Download, LayoutDashboard, type LucideIcon, Settings, Users } from "lucide-react";
import type { Message } from "../../i18n/i18n";
import { msg } from "../../i18n/use-t";

export type AdminTabId = "dashboard" | "users" | "memberships" | "analytics" | "export" | "settings";

/** `label`: a catalogue message (`t(label)`). */
export const ADMIN_TABS: { id: AdminTabId; label: Message; icon: LucideIcon }[] = [
  { id: "dashboard", label: msg("admin.tab.dashboard"), icon: LayoutDashboard },
  { id: "users", label: msg("admin.tab.users"), icon: Users },
  { id: "memberships", label: msg("admin.tab.memberships"), icon: CreditCard },
  { id: "analytics", label: msg("admin.tab.analytics"), icon: BarChart3 },
  { id: "export", label: msg("admin.tab.export"), icon: Download },
  { id: "settings", label: msg("admin.tab.settings"), icon: Settings },
];

/** `?tab=` selects the tab; an unknown value falls back to the dashboard (SPEC §2). */
export function resolveAdminTab(value: string | null) {
  return ADMIN_TABS.find((t) => t.id === value) ?? (ADMIN_TABS[0] as (typeof ADMIN_TABS)[number]);
}
