import type { AdminUser } from "@sitesnag/shared/users";
import { type ComponentType, useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useT } from "../../i18n/use-t";
import { lazyDialog } from "../../lib/lazy-dialog";
import { type AdminTabId, resolveAdminTab } from "./admin-tabs";
import { UserDirectory } from "./components/user-directory";
import { AnalyticsTab } from "./tabs/analytics-tab";
import { DashboardTab } from "./tabs/dashboard-tab";
import { ExportTab } from "./tabs/export-tab";
import { MembershipsTab } from "./tabs/memberships-tab";
import { SettingsTab } from "./tabs/settings-tab";

const StorageQuotaDialog = lazyDialog(
  () => import("./components/storage-quota-dialog").then((m) => m.StorageQuotaDialog),
  (p) => p.user !== null,
);

function UsersTab() {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  return (
    <>
      <UserDirectory variant="users" onEdit={setEditing} />
      <StorageQuotaDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
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
  const t = useT();
  return (
    <>
      <PageHeader title={t(tab.label)} />
      <Tab key={tab.id} />
    </>
  );
}
