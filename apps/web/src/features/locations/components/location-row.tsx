// One location of the tree on the Locations tab: its disclosure button, name, code and report
// counts ("No reports" rather than "0 open of 0"), then its actions: on a phone one "Actions"
// menu button (row-actions-menu.tsx), from the sm breakpoint plain icon buttons (every one
// reachable with Tab, named for a screen reader with the location's name); its children below.
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, FolderInput, Pencil, Plus, QrCode, Trash2 } from "lucide-react";
import { useT } from "../../../i18n/use-t";
import type { LocationItem } from "../lib/location-tree";
import { RowActionsMenu } from "./row-actions-menu";

export type RowAction = "add" | "edit" | "move" | "up" | "down" | "labels" | "delete";

type Props = {
  item: LocationItem;
  childrenOf: (id: string) => LocationItem[];
  index: number;
  siblingCount: number;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onAction: (action: RowAction, item: LocationItem) => void;
  busy: boolean;
};

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40";

export function LocationRow({ item, childrenOf, index, siblingCount, expanded, onToggle, onAction, busy }: Props) {
  const t = useT();
  const children = childrenOf(item.id);
  const isOpen = expanded.has(item.id);
  const name = item.name;
  const actions: { action: RowAction; label: string; Icon: typeof Plus; hidden?: boolean; disabled?: boolean }[] = [
    { action: "add", label: t("locations.row.add", { name }), Icon: Plus, hidden: item.depth >= 5 },
    { action: "edit", label: t("locations.row.edit", { name }), Icon: Pencil },
    { action: "move", label: t("locations.row.move", { name }), Icon: FolderInput },
    { action: "up", label: t("locations.row.up", { name }), Icon: ArrowUp, disabled: index === 0 },
    { action: "down", label: t("locations.row.down", { name }), Icon: ArrowDown, disabled: index === siblingCount - 1 },
    { action: "labels", label: t("locations.row.labels", { name }), Icon: QrCode },
    { action: "delete", label: t("locations.row.delete", { name }), Icon: Trash2 },
  ];
  const shown = actions.filter((a) => !a.hidden);
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 py-1.5">
        {children.length > 0 ? (
          <button
            type="button"
            className={iconButton}
            aria-expanded={isOpen}
            aria-label={isOpen ? t("locations.row.collapse", { name }) : t("locations.row.expand", { name })}
            onClick={() => onToggle(item.id)}
          >
            {isOpen ? <ChevronDown aria-hidden className="size-4" /> : <ChevronRight aria-hidden className="size-4" />}
          </button>
        ) : (
          <span aria-hidden className="inline-block size-9" />
        )}
        <span className="min-w-40 flex-1">
          <span className="font-medium text-slate-900">{name}</span>
          {item.code && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{item.code}</span>
          )}
          <span className="ml-2 text-xs text-slate-500">
            {item.reportCounts.total === 0
              ? t("locations.row.noReports")
              : t("locations.row.counts", { open: item.reportCounts.open, total: item.reportCounts.total })}
          </span>
        </span>
        <RowActionsMenu
          className="sm:hidden"
          name={name}
          actions={shown.map(({ action, label, Icon, disabled }) => ({
            key: action,
            label,
            Icon,
            disabled: busy || Boolean(disabled),
          }))}
          onChoose={(key) => onAction(key as RowAction, item)}
        />
        <span className="hidden flex-wrap gap-0.5 sm:flex">
          {shown.map(({ action, label, Icon, disabled }) => (
            <button
              key={action}
              type="button"
              className={iconButton}
              aria-label={label}
              title={label}
              disabled={busy || disabled}
              onClick={() => onAction(action, item)}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          ))}
        </span>
      </div>
      {isOpen && children.length > 0 && (
        <ul className="pl-5" aria-label={t("locations.row.inside", { name })}>
          {children.map((child, i) => (
            <LocationRow
              key={child.id}
              item={child}
              childrenOf={childrenOf}
              index={i}
              siblingCount={children.length}
              expanded={expanded}
              onToggle={onToggle}
              onAction={onAction}
              busy={busy}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
