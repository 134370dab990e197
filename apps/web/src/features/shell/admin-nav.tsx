import { ArrowLeft } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useT } from "../../i18n/use-t";
import { ADMIN_TABS, resolveAdminTab } from "../admin/admin-tabs";
import { linkClass } from "./nav-link-class";

/**
 * The admin panel's navigation: its tabs (`?tab=`) and the way back to the app. Its own chunk, so
 * every other signed-in screen's first load carries neither the tabs nor their icons.
 */
export default function AdminNav() {
  const t = useT();
  const location = useLocation();
  const activeTab = resolveAdminTab(new URLSearchParams(location.search).get("tab")).id;
  return (
    <>
      <nav aria-label={t("shell.nav.admin")} className="flex-1 space-y-1 overflow-y-auto p-3">
        {ADMIN_TABS.map(({ id, label, icon: Icon }) => (
          <Link
            key={id}
            to={`/app/admin?tab=${id}`}
            aria-current={activeTab === id ? "page" : undefined}
            className={linkClass({ isActive: activeTab === id })}
          >
            <Icon aria-hidden className="size-5" />
            {t(label)}
          </Link>
        ))}
      </nav>
      <div className="border-t border-slate-200 p-3">
        <Link to="/app/dashboard" className={linkClass({ isActive: false })}>
          <ArrowLeft aria-hidden className="size-5" />
          {t("shell.backToApp")}
        </Link>
      </div>
    </>
  );
}
