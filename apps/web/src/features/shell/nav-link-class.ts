import { clsx } from "clsx";

/** A navigation link's look in the sidebar, current or not. */
export const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
  );
