// The report form's "Room or area" field (issue 36): an ARIA 1.2 combobox over the project's
// location tree, searched as the user types (every word in the path or code, accents ignored),
// recently picked locations first. It reads the tree through the persisted query cache, so it
// works with no signal from the last tree this device saw. A lazy chunk of its own
// (app/location-field.tsx): the form's first load does not carry it.
// A name no location has is offered as a new one ("Add “Store” inside Flat 3.04", or at the top
// level): online it is made at once through the API; with no signal it gets an id made here and
// waits in the form (`pending`), to be made with the report that uses it (snagging/api/pending-locations.ts).
import { useQueryClient } from "@tanstack/react-query";
import { Map as MapIcon, Plus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateLocation } from "../api/location-mutations";
import { locationKeys, useLocations } from "../api/locations-queries";
import {
  type LocationItem,
  type NewLocationOffer,
  newLocationOffers,
  pendingItems,
  searchLocations,
} from "../lib/location-tree";
import { recentLocations, rememberLocation } from "../lib/recent-locations";

/** A location typed here and not made on the server yet (its id made on this device). */
export type PickerPendingLocation = { id: string; parentId: string | null; name: string };

type Entry =
  | { kind: "location"; key: string; item: LocationItem }
  | { kind: "add"; key: string; offer: NewLocationOffer };

export type LocationPickerProps = {
  projectId: string;
  userId: string;
  value: string | null;
  onChange: (locationId: string | null) => void;
  /** A path to show while the tree is not loaded (the report's own locationPath when editing). */
  knownPath?: string | null;
  /**
   * The sheet the report is pinned on: a location carrying it is proposed (filled in when none is
   * chosen, offered beside a chosen one, never replacing it).
   */
  pinnedSheetId?: string | null;
  /** Locations added here with no signal, made with the report that uses them. */
  pending?: readonly PickerPendingLocation[];
  onAddPending?: (location: PickerPendingLocation) => void;
};

export default function LocationPicker({
  projectId,
  userId,
  value,
  onChange,
  knownPath,
  pending = [],
  onAddPending,
  pinnedSheetId = null,
}: LocationPickerProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const locations = useLocations(projectId);
  const queryClient = useQueryClient();
  const create = useCreateLocation(projectId);
  const list = useMemo(() => {
    const tree = locations.data ?? [];
    return pending.length === 0 ? tree : [...tree, ...pendingItems(tree, pending)];
  }, [locations.data, pending]);
  const selected = value ? list.find((l) => l.id === value) : undefined;
  // A location gone from the tree the server just sent (deleted, or a stale QR link) is let go:
  // the report keeps its text, never an id the server would refuse.
  const isGone =
    Boolean(value) && !selected && locations.isSuccess && locations.fetchStatus === "idle" && !locations.isStale;
  useEffect(() => {
    if (isGone) onChange(null);
  }, [isGone, onChange]);
  // A pin on a sheet suggests the location that carries it (the first in the tree's order).
  const suggested = pinnedSheetId ? list.find((l) => l.sheetId === pinnedSheetId) : undefined;
  const suggestedOnce = useRef(false);
  useEffect(() => {
    if (!suggested || suggestedOnce.current) return;
    suggestedOnce.current = true;
    if (!value) onChange(suggested.id);
  }, [suggested, value, onChange]);
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // Read when the field takes the focus: a choice made a moment ago comes first next time.
  const [recent, setRecent] = useState<string[]>([]);
  const options = useMemo<Entry[]>(() => {
    const found = searchLocations(list, query ?? "", recent);
    const offers = query && onAddPending ? newLocationOffers(list, query, selected ?? null) : [];
    return [
      ...found.map((item): Entry => ({ kind: "location", key: item.id, item })),
      ...offers.map((offer): Entry => ({ kind: "add", key: `add-${offer.parent?.id ?? "top"}`, offer })),
    ];
  }, [list, query, recent, selected, onAddPending]);

  const choose = (item: LocationItem | null) => {
    if (item) rememberLocation(localStorage, userId, projectId, item.id);
    onChange(item?.id ?? null);
    setQuery(null);
    setOpen(false);
  };

  // Online: made now (the tree in the cache gains it before the refetch). No signal, or a parent
  // itself still waiting: kept in the form with an id of this device's making.
  const add = async ({ name, parent }: NewLocationOffer) => {
    setQuery(null);
    setOpen(false);
    const waiting = () => {
      const made = { id: crypto.randomUUID(), parentId: parent?.id ?? null, name };
      onAddPending?.(made);
      onChange(made.id);
      toast.info(t("locations.picker.addedOffline", { name }));
    };
    if (!navigator.onLine || (parent && pending.some((p) => p.id === parent.id))) return waiting();
    try {
      const made = await create.mutateAsync({ name, parentId: parent?.id ?? null });
      queryClient.setQueryData<LocationItem[]>(locationKeys.tree(projectId), (tree) => [...(tree ?? []), made]);
      choose(made);
      toast.success(t("locations.create.done", { name: made.name }));
    } catch (err) {
      if (err instanceof TypeError) return waiting(); // no answer: the network went
      toast.error(errorMessage(err, t("locations.error.save")));
    }
  };
  const pick = (entry: Entry) => (entry.kind === "add" ? void add(entry.offer) : choose(entry.item));

  const shown = query ?? selected?.path ?? (value ? (knownPath ?? "") : "");
  const hasTree = list.length > 0;
  const activeOption = isOpen ? options[Math.min(active, options.length - 1)] : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("locations.picker.label")}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={isOpen && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${activeOption.key}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          disabled={!projectId}
          aria-busy={create.isPending || undefined}
          placeholder={hasTree ? t("locations.picker.placeholder") : ""}
          value={shown}
          onFocus={() => {
            setRecent(recentLocations(localStorage, userId, projectId));
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setQuery(null);
          }}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setOpen(true);
              const step = e.key === "ArrowDown" ? 1 : -1;
              setActive((a) => Math.max(0, Math.min(options.length - 1, a + step)));
            } else if (e.key === "Enter" && isOpen && activeOption) {
              e.preventDefault();
              pick(activeOption);
            } else if (e.key === "Escape" && isOpen) {
              e.preventDefault();
              setOpen(false);
              setQuery(null);
            }
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-3 pr-10 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 sm:text-sm"
        />
        {value && (
          <button
            type="button"
            aria-label={t("locations.picker.clear")}
            onClick={() => choose(null)}
            className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center text-slate-500 hover:text-slate-900"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        {isOpen && options.length > 0 && (
          <div
            id={listId}
            role="listbox"
            aria-label={t("locations.picker.label")}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
          >
            {options.map((entry) => (
              <div
                key={entry.key}
                tabIndex={-1}
                id={`${listId}-${entry.key}`}
                role="option"
                aria-selected={entry.key === activeOption?.key}
                // Chosen on mousedown, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(entry);
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${entry.key === activeOption?.key ? "bg-brand-50 text-brand-900" : "text-slate-800"}`}
              >
                {entry.kind === "location" ? (
                  <>
                    {entry.item.path}
                    {entry.item.code && <span className="ms-2 text-xs text-slate-500">{entry.item.code}</span>}
                  </>
                ) : (
                  <span className="inline-flex items-center gap-1 font-medium text-brand-700">
                    <Plus aria-hidden className="size-4 shrink-0" />
                    {entry.offer.parent
                      ? t("locations.picker.addInside", { name: entry.offer.name, parent: entry.offer.parent.path })
                      : t("locations.picker.addTop", { name: entry.offer.name })}
                  </span>
                )}
              </div>
            ))}
          </div>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {!projectId
          ? t("locations.picker.chooseProject")
          : hasTree
            ? t("locations.picker.hint")
            : locations.isPending && locations.fetchStatus !== "idle"
              ? t("locations.loading")
              : t("locations.picker.none")}
      </p>
      {suggested && selected && selected.id !== suggested.id && selected.sheetId !== pinnedSheetId && (
        <button
          type="button"
          onClick={() => choose(suggested)}
          className="inline-flex min-h-11 items-center gap-1 text-start text-sm font-medium text-brand-700 hover:underline"
        >
          <MapIcon aria-hidden className="size-4 shrink-0" />
          {t("locations.picker.useSuggested", { path: suggested.path })}
        </button>
      )}
      {selected?.sheetId && (
        <Link
          to={`/app/projects/${encodeURIComponent(projectId)}/sheets/${encodeURIComponent(selected.sheetId)}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <MapIcon aria-hidden className="size-4" />
          {t("locations.picker.openPlan", { name: selected.name })}
        </Link>
      )}
    </div>
  );
}
