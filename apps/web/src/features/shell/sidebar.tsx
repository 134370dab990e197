import { X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { COMPANY } from "../../config/company";
import { useT } from "../../i18n/use-t";
import { useUiStore } from "../../stores/ui-store";
import { SIDEBAR_ITEMS } from "./nav-items";
import { linkClass } from "./nav-link-class";

// The admin panel's tabs load with the panel only (first-load budgets of every other screen).
const AdminNav = lazy(() => import("./admin-nav"));

function SidebarContent({ variant }: { variant: "app" | "admin" }) {
  const t = useT();
  return (
    <>
      <div className="flex h-16 items-center gap-2 border-b border-slate-200 px-4">
        {/* The mark of /favicon.svg drawn inline: as an <img>, Chromium builds a whole SVG document for
            it when it arrives (a long task on a slow phone, hidden sidebar or not; issue 33). The same
            lines as marketing/brand-mark.tsx on purpose: a module both import goes to the chunk
            /login loads too, and puts it over its budget (tried: 193 B over). */}
        <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
          <rect width="64" height="64" rx="14" fill="#ea580c" />
          <path
            d="M18 40l10 10 18-30"
            fill="none"
            stroke="#fff"
            strokeWidth="7"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="text-lg font-bold text-slate-900">
          {variant === "admin" ? t("shell.adminPanel") : COMPANY.productName}
        </span>
      </div>
      {variant === "app" ? (
        <nav aria-label={t("shell.nav.main")} className="flex-1 space-y-1 overflow-y-auto p-3">
          {SIDEBAR_ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={linkClass}>
              <Icon aria-hidden className="size-5" />
              {t(label)}
            </NavLink>
          ))}
        </nav>
      ) : (
        <Suspense fallback={<div className="flex-1" />}>
          <AdminNav />
        </Suspense>
      )}
    </>
  );
}

/** Fixed on desktop. */
export function Sidebar({ variant }: { variant: "app" | "admin" }) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
      <SidebarContent variant={variant} />
    </aside>
  );
}

/**
 * The phone menu: a modal <dialog> sliding in from the left, so focus moves into it and stays
 * there, Escape closes it and the page behind is inert. Closes on navigation, on a tap outside,
 * and when the window grows to desktop width (where the fixed sidebar takes over).
 */
export function MobileSidebar({ variant }: { variant: "app" | "admin" }) {
  const t = useT();
  const open = useUiStore((s) => s.sidebarOpen);
  const setOpen = useUiStore((s) => s.setSidebarOpen);
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  // The address the menu was opened on. A navigation renders in a transition once the next
  // screen's code is in, but the address changes at once: a tap on "Open menu" in between is made
  // on the new page, and the menu must not close when that page finally renders.
  const openedOn = useRef<string | null>(null);
  const here = location.pathname + location.search;
  // Closes when the page changes under an open menu (one of its links, Back).
  useEffect(() => {
    if (openedOn.current !== here) setOpen(false);
  }, [here, setOpen]);
  useEffect(() => {
    openedOn.current = open ? window.location.pathname + window.location.search : null;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const desktop = window.matchMedia("(min-width: 1024px)");
    const onChange = () => desktop.matches && setOpen(false);
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, [setOpen]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop is a pointer shortcut; keyboards close with Escape (onCancel)
    <dialog
      ref={ref}
      id="mobile-sidebar"
      aria-label={t("shell.menu")}
      onCancel={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) setOpen(false);
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85%] bg-white p-0 shadow-xl backdrop:bg-slate-900/50 lg:hidden"
    >
      <div className="relative flex h-full flex-col">
        <button
          type="button"
          aria-label={t("shell.closeMenu")}
          onClick={() => setOpen(false)}
          className="absolute right-2 top-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </button>
        <SidebarContent variant={variant} />
      </div>
    </dialog>
  );
}
