// A location row's actions on a phone (issue 36): one "Actions" button per row opening a menu
// (ARIA menu button: Enter, Space or ↓ open it on the first item, ↑ on the last; ↑/↓, Home and
// End move; Escape closes it back on the button; Tab or a click elsewhere closes it). On wider
// screens the row shows the same actions as icon buttons instead (location-row.tsx).
import { MoreVertical } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../../i18n/use-t";

export type MenuAction = { key: string; label: string; Icon: typeof MoreVertical; disabled: boolean };

type Props = {
  name: string;
  actions: readonly MenuAction[];
  onChoose: (key: string) => void;
  className?: string;
};

/** The menu's items that can take the focus, in order. */
const menuItems = (menu: HTMLElement | null): HTMLButtonElement[] => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
];

export function RowActionsMenu({ name, actions, onChoose, className = "" }: Props) {
  const t = useT();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState<"first" | "last">("first");
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
  ];

  useEffect(() => {
    if (!isOpen) return;
    const list = menuItems(menu.current);
    (focusAt === "first" ? list[0] : list.at(-1))?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [isOpen, focusAt]);

  const open = (at: "first" | "last") => {
    setFocusAt(at);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <span className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        aria-label={t("locations.row.actions", { name })}
        onClick={() => (isOpen ? setOpen(false) : open("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            open(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <MoreVertical aria-hidden className="size-4" />
        {t("locations.row.actionsShort")}
      </button>
      {isOpen && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute end-0 z-20 mt-1 w-64 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {actions.map(({ key, label, Icon, disabled }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={disabled}
              onClick={() => {
                setOpen(false);
                onChoose(key);
              }}
              className="flex min-h-11 w-full items-center gap-2 px-3 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-brand-50 focus:outline-none disabled:opacity-40"
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
