import { clsx } from "clsx";
import { NavLink } from "react-router";
import { useT } from "../../i18n/use-t";
import { TAB_ITEMS } from "./nav-items";

/** Phone-only tab bar (SPEC §2): Projects, Snags, Audits, Profile. */
export function BottomTabs() {
  const t = useT();
  return (
    <nav
      aria-label={t("shell.nav.tabs")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {TAB_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium",
                  isActive ? "text-brand-700" : "text-slate-600",
                )
              }
            >
              <Icon aria-hidden className="size-5" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
