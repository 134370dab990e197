import { clsx } from "clsx";
import { ArrowLeft, X } from "lucide-react";
import { useEffect } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMPANY } from "../../config/company";
import { useUiStore } from "../../stores/ui-store";
import { ADMIN_TABS } from "../admin/admin-tabs";
import { SIDEBAR_ITEMS } from "./nav-items";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
  );

function SidebarContent({ variant }: { variant: "app" | "admin" }) {
  const location = useLocation();
  const activeTab = new URLSearchParams(location.search).get("tab") ?? "dashboard";
  return (
    <>
      <div className="flex h-16 items-center gap-2 border-b border-slate-200 px-4">
        <img src="/favicon.svg" alt="" className="size-8" />
        <span className="text-lg font-bold text-slate-900">
          {variant === "admin" ? "Admin Panel" : COMPANY.productName}
        </span>
      </div>
      <nav aria-label={variant === "admin" ? "Admin" : "Main"} className="flex-1 space-y-1 overflow-y-auto p-3">
        {variant === "app"
          ? SIDEBAR_ITEMS.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className={linkClass}>
                <Icon aria-hidden className="size-5" />
                {label}
              </NavLink>
            ))
          : ADMIN_TABS.map(({ id, label, icon: Icon }) => (
              <Link
                key={id}
                to={`/app/admin?tab=${id}`}
                aria-current={activeTab === id ? "page" : undefined}
                className={linkClass({ isActive: activeTab === id })}
              >
                <Icon aria-hidden className="size-5" />
                {label}
              </Link>
            ))}
      </nav>
      {variant === "admin" && (
        <div className="border-t border-slate-200 p-3">
          <Link to="/app/dashboard" className={linkClass({ isActive: false })}>
            <ArrowLeft aria-hidden className="size-5" />
            Back to App
          </Link>
        </div>
      )}
    </>
  );
}

/** Fixed on desktop; a slide-in drawer on mobile, closed on navigation and by Escape. */
export function Sidebar({ variant }: { variant: "app" | "admin" }) {
  const open = useUiStore((s) => s.sidebarOpen);
  const setOpen = useUiStore((s) => s.setSidebarOpen);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes
  useEffect(() => setOpen(false), [location.pathname, location.search, setOpen]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, setOpen]);
  return (
    <>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
        <SidebarContent variant={variant} />
      </aside>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setOpen(false)}
          />
          <aside
            id="mobile-sidebar"
            aria-label="Menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col bg-white shadow-xl"
          >
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              className="absolute right-2 top-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </button>
            <SidebarContent variant={variant} />
          </aside>
        </div>
      )}
    </>
  );
}
