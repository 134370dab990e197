// The header's search box (issue 39): on a desktop a field, on a phone an icon button; either, or
// `/` (when not typing) or Ctrl-K / ⌘K anywhere, opens the search dialog. Only this and the
// shortcut live in the first load; the dialog, its results and the offline search are one lazy chunk.
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";
import { lazyDialog } from "../../lib/lazy-dialog";

const SearchDialog = lazyDialog(
  () => import("./search-dialog").then((m) => m.SearchDialog),
  (props: { open: boolean }) => props.open,
);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export function SearchBox() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k";
      if (shortcut || (event.key === "/" && !event.ctrlKey && !event.metaKey && !isTyping(event.target))) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("search.open")}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K"
        className="flex min-h-11 items-center gap-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:w-full md:max-w-sm md:border md:border-slate-300 md:bg-white md:px-3 md:text-left md:hover:border-slate-400"
      >
        <Search aria-hidden className="size-5 shrink-0" />
        {/* The visible word is the button's name (WCAG 2.5.3: what is seen is what is said). */}
        <span aria-hidden className="hidden flex-1 truncate text-sm text-slate-500 md:inline">
          {t("search.open")}
        </span>
        <kbd aria-hidden className="hidden rounded border border-slate-300 px-1.5 text-xs text-slate-500 md:inline">
          /
        </kbd>
      </button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
