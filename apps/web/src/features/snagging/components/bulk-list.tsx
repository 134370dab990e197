import type { Report } from "@sitesnag/shared/snagging";
import { lazy, Suspense, useMemo, useSyncExternalStore } from "react";
import { useT } from "../../../i18n/use-t";
import type { ListFilter } from "../api/get-reports";

// Issue 39: the list's selection for bulk changes. Loaded once the list is up (not in its first
// load): a checkbox on each card, over the photo's corner so nothing moves, labelled with the
// report's reference; shift-click (or Shift+Space) selects the range from the last box ticked. The
// action bar is fetched with the first selection.
//
// The selection is a small store of its own rather than state in a component around the list: the
// cards drawn before this chunk arrived stay as they are when it does (a wrapper would mount the
// whole list a second time, the longest task after its first paint — issue 33), and ticking a box
// redraws the boxes that changed, not every card.

const BulkBar = lazy(() => import("./bulk-bar"));

type State = { selected: ReadonlySet<string>; used: boolean };

export type BulkSelection = ReturnType<typeof createBulkSelection>;

export function createBulkSelection() {
  let state: State = { selected: new Set(), used: false };
  let shown: readonly Report[] = [];
  let anchor: number | null = null;
  const listeners = new Set<() => void>();
  const set = (next: State) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => state,
    /** The cards shown, in order: what a shift-click's range runs over. */
    show(reports: readonly Report[]) {
      shown = reports;
    },
    toggle(index: number, shift: boolean) {
      const id = shown[index]?.id;
      if (id === undefined) return;
      const from = shift && anchor !== null ? Math.min(anchor, index) : index;
      const to = shift && anchor !== null ? Math.max(anchor, index) : index;
      const next = new Set(state.selected);
      const on = !state.selected.has(id);
      for (const r of shown.slice(from, to + 1)) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      anchor = index;
      set({ selected: next, used: true });
    },
    select(ids: Iterable<string>) {
      set({ ...state, selected: new Set(ids) });
    },
  };
}

/** One card's checkbox, over its photo's corner. */
export function BulkCheckbox({
  selection,
  report,
  index,
}: {
  selection: BulkSelection;
  report: Report;
  index: number;
}) {
  const t = useT();
  const checked = useSyncExternalStore(selection.subscribe, () => selection.get().selected.has(report.id));
  return (
    <label className="absolute start-0 top-0 z-10 flex size-11 cursor-pointer items-center justify-center rounded-br-lg bg-white/80">
      <input
        type="checkbox"
        checked={checked}
        onChange={() => undefined}
        onClick={(e) => selection.toggle(index, e.shiftKey)}
        aria-label={t("snagging.card.select", { title: report.title })}
        className="size-5 accent-brand-700"
      />
    </label>
  );
}

type Props = {
  selection: BulkSelection;
  /** The cards shown, in order, and every report loaded (for titles and versions). */
  reports: readonly Report[];
  all: readonly Report[];
  filter: ListFilter;
  total: number;
};

/** The action bar, from the first box ticked. */
export default function BulkActions({ selection, reports, all, filter, total }: Props) {
  const { selected, used } = useSyncExternalStore(selection.subscribe, selection.get);
  const byId = useMemo(() => new Map([...all, ...reports].map((r) => [r.id, r])), [all, reports]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <BulkBar
        selected={selected}
        onSelect={(ids) => selection.select(ids)}
        onClear={() => selection.select([])}
        scope={{ kind: "list", filter, total }}
        titleOf={(id) => byId.get(id)?.title ?? id}
        versionOf={(id) => byId.get(id)?.version}
      />
    </Suspense>
  );
}
