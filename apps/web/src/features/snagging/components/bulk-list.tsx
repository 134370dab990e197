// Issue 39: the list's selection for bulk changes. Loaded once the list is up (not in its first
// load): it draws the same cards with a checkbox each, over the photo's corner so nothing moves,
// labelled with the report's reference; shift-click (or Shift+Space) selects the range from the
// last box ticked. The action bar is fetched with the first selection.
import type { Report } from "@sitesnag/shared/snagging";
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from "react";
import { useT } from "../../../i18n/use-t";
import type { ListFilter } from "../api/get-reports";

const BulkBar = lazy(() => import("./bulk-bar"));

type Props = {
  /** The cards shown, in order, and every report loaded (for titles and versions). */
  reports: readonly Report[];
  all: readonly Report[];
  filter: ListFilter;
  total: number;
  /** The page's list of cards, given each card's checkbox. */
  list: (select: (report: Report, index: number) => ReactNode) => ReactNode;
};

export default function BulkList({ reports, all, filter, total, list }: Props) {
  const t = useT();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [used, setUsed] = useState(false);
  const anchor = useRef<number | null>(null);
  const byId = useMemo(() => new Map([...all, ...reports].map((r) => [r.id, r])), [all, reports]);

  const toggle = (index: number, shift: boolean) => {
    const id = reports[index]?.id;
    if (id === undefined) return;
    setUsed(true);
    const from = shift && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = shift && anchor.current !== null ? Math.max(anchor.current, index) : index;
    setSelected((current) => {
      const next = new Set(current);
      const on = !current.has(id);
      for (const r of reports.slice(from, to + 1)) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });
    anchor.current = index;
  };

  return (
    <>
      {list((report, index) => (
        <label className="absolute start-0 top-0 z-10 flex size-11 cursor-pointer items-center justify-center rounded-br-lg bg-white/80">
          <input
            type="checkbox"
            checked={selected.has(report.id)}
            onChange={() => undefined}
            onClick={(e) => toggle(index, e.shiftKey)}
            aria-label={t("snagging.card.select", { title: report.title })}
            className="size-5 accent-brand-700"
          />
        </label>
      ))}
      {used && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selected}
            onSelect={(ids) => setSelected(new Set(ids))}
            onClear={() => setSelected(new Set())}
            scope={{ kind: "list", filter, total }}
            titleOf={(id) => byId.get(id)?.title ?? id}
            versionOf={(id) => byId.get(id)?.version}
          />
        </Suspense>
      )}
    </>
  );
}
