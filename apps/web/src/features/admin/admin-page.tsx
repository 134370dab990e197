import type { ComponentType } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { type AdminTabId, resolveAdminTab } from "./admin-tabs";
import { UserDirectory } from "./components/user-directory";
import { AnalyticsTab } from "./tabs/analytics-tab";
import { DashboardTab } from "./tabs/dashboard-tab";
import { ExportTab } from "./tabs/export-tab";
import { MembershipsTab } from "./tabs/memberships-tab";
import { SettingsTab } from "./tabs/settings-tab";

function UsersTab() {
  return <UserDirectory variant="users" />;
}

const TABS: Record<AdminTabId, ComponentType> = {
  dashboard: DashboardTab,
  users: UsersTab,
  memberships: MembershipsTab,
  analytics: AnalyticsTab,
  export: ExportTab,
  settings: SettingsTab,
};

/** /app/admin?tab=…: the server refuses every admin call to anyone but an admin as well. */
export function AdminPage() {
  const [params] = useSearchParams();
  const tab = resolveAdminTab(params.get("tab"));
  const Tab = TABS[tab.id];
  return (
    <>
      <PageHeader title={tab.label} />
      <Tab key={tab.id} />
    </>
  );
}
