import { isWaitingFor } from "@sitesnag/shared/workflow";
import { FileDown, Plus, Search } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { CONTROL } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { lazyOrNothing } from "../../lib/lazy-or-nothing";
import { toast } from "../../lib/toast";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useErrorToast } from "../../lib/use-error-toast";
import { usePaintedOnce } from "../../lib/use-painted";
import { pendingLabel } from "../../offline/pending-change-badge";
import { useOutbox } from "../../offline/use-outbox";
import { useAuthStore } from "../../stores/auth-store";
import { useUiStore } from "../../stores/ui-store";
import { useFilteredReports, useReportCounts, useReports } from "./api/get-reports";
import { type CardSelection, ReportCard } from "./components/report-card";
import { parseStatusFilter, StatusFilter, type StatusFilterValue } from "./components/status-filter";
import { descriptionPreview } from "./photo-entries";
import { matchesSearch } from "./report-search";

// Not needed for the list's first paint, so not in its first load: 'Load more' is fetched when the
// first page says there is a next one (after the list has drawn); reports captured offline and not
// yet synced (rare) only when there are some. Both are in the service worker's precache. The lazy
// parts are their modules' default exports: no renaming step in this chunk (first-load budget).
const LoadMore = lazy(() => import("../../components/load-more"));
// Shown when reports wait to sync, i.e. often offline: never a crash if its chunk cannot load then.
const PendingReports = lazyOrNothing(() => import("../../offline/pending-reports"));
// Members, contacts, trades and location trees (issue 36) are fetched for them: their own chunk, loaded after the list
// (first-load budget).
const ListFilters = lazy(() => import("./components/list-filters"));
// No snags yet, or none matching: rare, so not in the first load; fetched once the list is up, so a
// search that matches nothing later (offline too) has it.
const loadEmptyStates = () => import("./components/list-empty-states");
const ListEmptyState = lazyOrNothing(loadEmptyStates);
// Issue 39: the cards' checkboxes and the bulk action bar, fetched once the list is up (the list
// draws without them first: the checkbox sits over the photo, so nothing moves when it arrives).
const loadBulk = () => import("./components/bulk-list");
const BulkActions = lazy(loadBulk);
// Issue 33: the cards a phone or a desktop shows before scrolling are drawn first, the rest once
// those are on the screen: the list's first task on a slow phone is a third as long.
const FIRST_CARDS = 8;

const filtersSpace = <div className="h-[275px] sm:h-49" />;

export function SnaggingListPage() {
  const t = useT();
  const { query: reports, items: all, isPaged } = useReports();
  // The filters and the selection bar wait for the list's first paint (or the offline notice):
  // their chunks and reads do not compete with the list on a slow connection.
  const isOnline = useUiStore((s) => s.isOnline);
  const listPainted = usePaintedOnce(!reports.isPending || !isOnline);
  // The selection's checkboxes join the cards already drawn when their chunk has arrived.
  const [bulk, setBulk] = useState<CardSelection | null>(null);
  useEffect(() => {
    if (!listPainted) return;
    let mounted = true;
    void loadEmptyStates().catch(() => undefined);
    loadBulk()
      .then((m) => mounted && setBulk((b) => b ?? { Checkbox: m.BulkCheckbox, selection: m.createBulkSelection() }))
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [listPainted]);
  const outbox = useOutbox();
  // The export being made: its code (and the saving helper) is fetched on the first export.
  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  // Search and filter live in the URL, so Back from a report returns to the same list.
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const status = parseStatusFilter(params.get("status"));
  // Issue 23: "Waiting for me", from the dashboard or the toggle below.
  const mine = params.get("waitingFor") === "me";
  // Issue 27: a member's or a contact's id, or "unassigned".
  const assignedTo = params.get("assignedTo") ?? "";
  // Issue 36: a trade's key.
  const category = params.get("category") ?? "";
  // Issue 36: a project, and in it a location with everything under it (ids from the cached tree).
  const projectId = params.get("projectId") ?? "";
  const locationId = params.get("locationId") ?? "";
  const [branch, setBranch] = useState<ReadonlySet<string> | null>(null);
  // Issue 37: the overview's links (priority, open only, overdue or due soon, age).
  // Filtered on the server only (a link from the overview is followed online), so this chunk stays
  // within its first-load budget; the server checks the values.
  const insight = {
    priority: params.get("priority") ?? "",
    unresolved: params.get("unresolved") ?? "",
    due: params.get("due") ?? "",
    age: params.get("age") ?? "",
    openedWeek: params.get("openedWeek") ?? "",
    closedWeek: params.get("closedWeek") ?? "",
  };
  const hasInsight = Object.values(insight).some(Boolean);
  // Asked of the server: a paged list, or an overview link's filter.
  const serverSide = isPaged || hasInsight;
  const place = { projectId, locationId, ...insight };
  const user = useAuthStore((s) => s.user);
  const setParam = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // A list with more than one page is searched and filtered on the server (decision 0018); offline,
  // the pages already loaded are filtered here instead.
  const serverSearch = useDebouncedValue(search, 250);
  const onServer =
    isOnline &&
    serverSide &&
    (serverSearch.trim() !== "" ||
      status !== "all" ||
      mine ||
      assignedTo !== "" ||
      category !== "" ||
      projectId !== "" ||
      hasInsight);
  const listFilter = {
    search: serverSearch,
    status,
    ...(mine ? { mine } : {}),
    ...(assignedTo ? { assignedTo } : {}),
    ...(category ? { category } : {}),
    ...place,
  };
  const filtered = useFilteredReports(listFilter, onServer);
  const serverCounts = useReportCounts(serverSearch, serverSide, mine, assignedTo, category, place);
  const shown = onServer ? filtered : { query: reports, items: all };
  const loadFailed = t("snagging.list.loadFailed");
  useErrorToast(shown.query.error, loadFailed, { useServerMessage: false });

  const matching = useMemo(
    () =>
      all.filter(
        (r) =>
          matchesSearch(r, search) &&
          (!mine || (user !== null && isWaitingFor(user, r))) &&
          (assignedTo === "" || (assignedTo === "unassigned" ? r.assignedTo === null : r.assignedTo === assignedTo)) &&
          (category === "" || r.category === category) &&
          (projectId === "" || r.projectId === projectId) &&
          (locationId === "" || (branch !== null && r.locationId !== null && branch.has(r.locationId))),
      ),
    [all, search, mine, user, assignedTo, category, projectId, locationId, branch],
  );
  const visible = onServer ? filtered.items : status === "all" ? matching : matching.filter((r) => r.status === status);
  const localCounts = useMemo(() => {
    const out: Record<StatusFilterValue, number> = { all: 0, open: 0, "in-progress": 0, resolved: 0, closed: 0 };
    for (const r of matching) {
      out.all += 1;
      out[r.status] += 1;
    }
    return out;
  }, [matching]);
  const counts = serverSide && isOnline && serverCounts.data ? serverCounts.data : localCounts;

  useEffect(() => bulk?.selection.show(visible));
  const drawn = listPainted ? visible : visible.slice(0, FIRST_CARDS);

  // Issue 37: the workbook holds the list as filtered now (the URL's filters, applied by the server).
  const runExport = (format: "csv" | "xlsx") => {
    setExporting(format);
    import("./api/export-reports")
      .then((m) => m.runListExport(format, { search, status, mine, assignedTo, category, ...place }, t))
      // Only the module's own fetch can fail here (offline before the service worker had it).
      .catch(() => toast.error(t("snagging.list.exportFailed")))
      .finally(() => setExporting(null));
  };

  return (
    <>
      <PageHeader
        title={t("snagging.list.title")}
        subtitle={t("snagging.list.subtitle")}
        actions={
          <>
            {(["csv", "xlsx"] as const).map((format) => (
              <Button
                key={format}
                variant="secondary"
                onClick={() => runExport(format)}
                isLoading={exporting === format}
              >
                {exporting !== format && <FileDown aria-hidden className="size-4" />}
                {format === "csv" ? t("snagging.list.exportCsv") : t("snagging.list.exportXlsx")}
              </Button>
            ))}
            <Link to="/app/snagging/new" className={buttonClass("primary")}>
              <Plus aria-hidden className="size-4" />
              {t("snagging.list.newReport")}
            </Link>
          </>
        }
      />
      <div className="mb-3 space-y-3">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label={t("snagging.list.search")}
            placeholder={t("snagging.list.searchPlaceholder")}
            value={search}
            onChange={(e) => setParam({ q: e.target.value })}
            className={`${CONTROL} border-slate-300 ps-9`}
          />
        </div>
        {/* Their space is kept while their chunk loads, so the status filter and the list below do
            not jump (Lighthouse CLS 0.086 on a phone): the 44 px "Waiting for me" toggle, then three
            labelled selects (components/field.tsx, 65 px in text-base, 64 px from sm), 12 px between
            each, the selects stacked on a phone, in two rows from sm. */}
        {listPainted ? (
          <Suspense fallback={filtersSpace}>
            <ListFilters
              mine={mine}
              onMine={() => setParam({ waitingFor: mine ? "" : "me" })}
              assignedTo={assignedTo}
              onAssignee={(value) => setParam({ assignedTo: value })}
              category={category}
              onCategory={(value) => setParam({ category: value })}
              projectId={projectId}
              locationId={locationId}
              onChange={(project, location) => setParam({ projectId: project, locationId: location })}
              onBranch={setBranch}
            />
          </Suspense>
        ) : (
          filtersSpace
        )}
        <StatusFilter
          value={status}
          counts={counts}
          onChange={(value) => setParam({ status: value === "all" ? "" : value })}
        />
      </div>
      {outbox.items.some((item) => item.action === "create") && (
        <Suspense fallback={null}>
          <PendingReports />
        </Suspense>
      )}
      {reports.isPending && !isOnline ? (
        // Offline with no copy of the list on this device (never opened online): no endless spinner.
        <EmptyState title={t("snagging.list.offline")} />
      ) : reports.isPending || (onServer && filtered.query.isPending) ? (
        <LoadingState label={t("snagging.list.loading")} />
      ) : shown.query.isError && shown.items.length === 0 ? (
        <ErrorState message={loadFailed} onRetry={() => shown.query.refetch()} />
      ) : all.length === 0 || visible.length === 0 ? (
        <Suspense fallback={null}>
          {all.length === 0 ? (
            <ListEmptyState none />
          ) : (
            <ListEmptyState assignedTo={assignedTo} mine={mine} search={search} status={status} />
          )}
        </Suspense>
      ) : (
        <>
          <ul aria-label={t("snagging.list.label")} className="grid gap-3 lg:grid-cols-2">
            {drawn.map((r, i) => (
              <ReportCard
                key={r.id}
                report={r}
                index={i}
                preview={descriptionPreview(r.description, t)}
                pending={pendingLabel(outbox.items, r.id, t)}
                bulk={bulk}
              />
            ))}
          </ul>
          {bulk && (
            <Suspense fallback={null}>
              <BulkActions
                selection={bulk.selection}
                reports={visible}
                all={all}
                filter={listFilter}
                total={counts[status]}
              />
            </Suspense>
          )}
          {shown.query.hasNextPage && (
            <Suspense fallback={null}>
              <LoadMore query={shown.query} shown={visible.length} noun="reports" />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
