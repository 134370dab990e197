import { LogOut, Menu, Settings } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../i18n/use-t";
import { afterLoad } from "../../lib/after-load";
import { initials } from "../../lib/format";
import { useOutboxPresence } from "../../offline/outbox-presence";
import { useAuthStore } from "../../stores/auth-store";
import { useUiStore } from "../../stores/ui-store";
import { NotificationsButton } from "./notifications-button";

// The outbox indicator (the sync loop) renders once the user has an outbox in this browser
// (something was queued here once): it is not part of any screen's first load. Its small chunk is
// fetched at the page's `load` (not at an idle moment, which may come after the signal is gone),
// so a change queued later with no signal still gets its indicator and its sync on reconnect.
const loadOutboxIndicator = () => import("../../offline/outbox-indicator");
const OutboxIndicator = lazy(() => loadOutboxIndicator().then((m) => ({ default: m.OutboxIndicator })));

// The search box (issue 39) is not part of any screen's first load either: its small chunk comes at
// the page's `load` (its dialog, results and offline search are a further chunk, search-box.tsx);
// until then its place is held, so nothing moves when it appears.
const SearchBox = lazy(() => import("../search/search-box").then((m) => ({ default: m.SearchBox })));
const searchSlot = (
  <span aria-hidden className="h-11 w-10 rounded-lg md:w-full md:max-w-sm md:border md:border-slate-300" />
);

export function Header() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const outbox = useOutboxPresence(user?.id);
  const [searchReady, setSearchReady] = useState(false);
  useEffect(() => afterLoad(() => void loadOutboxIndicator().catch(() => undefined), { idle: false }), []);
  useEffect(() => afterLoad(() => setSearchReady(true), { idle: false }), []);
  if (!user) return null;
  return (
    <HeaderBar
      search={
        searchReady ? (
          <Suspense fallback={searchSlot}>
            <SearchBox />
          </Suspense>
        ) : (
          searchSlot
        )
      }
    >
      {user.role === "admin" && (
        <button
          type="button"
          onClick={() => navigate("/app/admin")}
          aria-label={t("shell.adminSettings")}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <Settings aria-hidden className="size-5" />
        </button>
      )}
      {outbox.exists && (
        <Suspense fallback={null}>
          {/* The start-up sync is for a queue found at start, or one queued offline (the connection
              may have come back before this mounted, and its reconnect would be missed); a change
              queued while online after a failed request waits for the usual triggers (reconnect,
              tab shown, Sync now), as it did when the indicator was always there. */}
          <OutboxIndicator syncOnStart={!outbox.createdNow || outbox.queuedOffline} />
        </Suspense>
      )}
      <NotificationsButton />
      <div className="flex min-w-0 items-center gap-2 pl-1">
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {initials(user.firstName, user.lastName)}
        </span>
        <div className="min-w-0 max-w-32 leading-tight sm:max-w-60">
          <p className="truncate text-sm font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-xs text-slate-500">{user.role === "admin" ? t("role.admin") : t("role.user")}</p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => navigate("/logout")}
        className="ml-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <LogOut aria-hidden className="size-5" />
        <span className="sr-only sm:not-sr-only">{t("shell.logout")}</span>
      </button>
    </HeaderBar>
  );
}

/** The bar and the phone's menu button; the search box at its left, at its right end the caller's. */
function HeaderBar({ search, children }: { search: ReactNode; children: ReactNode }) {
  const t = useT();
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const setSidebarOpen = useUiStore((s) => s.setSidebarOpen);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6">
      <button
        type="button"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label={t("shell.openMenu")}
        aria-expanded={sidebarOpen}
        aria-controls="mobile-sidebar"
        onClick={() => setSidebarOpen(true)}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      <div className="flex min-w-0 flex-1 items-center">{search}</div>
      {children}
    </header>
  );
}

/**
 * The header before the app knows who is signed in (the pre-rendered frame, shell-frame.tsx):
 * the same bar with grey places for the bell, the user and Logout.
 */
export function HeaderFrame() {
  return (
    <HeaderBar search={searchSlot}>
      <span aria-hidden className="size-10 rounded-lg" />
      <span aria-hidden className="flex items-center gap-2 pl-1">
        <span className="size-9 shrink-0 rounded-full bg-slate-200" />
        <span className="h-8 w-24 rounded-md bg-slate-200/70" />
      </span>
      <span aria-hidden className="ml-1 h-11 w-10 rounded-lg sm:w-20" />
    </HeaderBar>
  );
}
