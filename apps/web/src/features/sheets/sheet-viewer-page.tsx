// /app/projects/{id}/sheets/{sheetId}: the plan with its pins. Tap the plan to file a snag there,
// tap a pin for its card, drag a pin to move it (with Undo), filter by status, priority and
// assignee. "Previous pin" / "Next pin" walk the pins in reading order from the keyboard, bringing
// each into view with its card (only the pins near the view are buttons, decision 0037). On a
// phone the plan comes first: filters and sheet actions open on demand from a row of tools.
// "Select pins" (issue 39, decision 0085) turns taps on pins into picking them for the list's
// bulk bar: assign, status, priority, due date, trade, location, comment or Trash, with Undo.
// The deep-zoom viewer (OpenSeadragon) is in this screen's lazy chunk only.
import { clsx } from "clsx";
import { ArrowLeft, Pencil, Trash2, Upload } from "lucide-react";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { ApiError, errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { type PinMove, useMovePin } from "./api/move-pin";
import { useDeleteSheet, useProjectPins, useSheet, useUploadRevision } from "./api/sheets-api";
import { PhonePlanToolbar } from "./components/phone-plan-toolbar";
import { PinCard } from "./components/pin-card";
import { PinFilters } from "./components/pin-filters";
import { PinStepper } from "./components/pin-stepper";
import { PlanViewer } from "./components/plan-viewer";
import { RenameSheetDialog } from "./components/rename-sheet-dialog";
import type { HeatMode } from "./lib/heatmap";
import { filterPins, NO_FILTER, type Pin, type PinFilter, readingOrder } from "./lib/pin-math";
import { useIsPhone } from "./lib/use-is-phone";

// Issue 37: the heatmap's legend and colouring choice, fetched when it is first turned on.
const HeatmapPanel = lazy(() => import("./components/heatmap-panel"));
// Issue 39: the report list's bulk bar (the same component, its Undo included), fetched when
// "Select pins" is first turned on.
const BulkBar = lazy(() => import("../snagging/components/bulk-bar"));

export function SheetViewerPage() {
  const t = useT();
  const { id: projectId = "", sheetId = "" } = useParams();
  const navigate = useNavigate();
  const sheet = useSheet(sheetId);
  const reports = useProjectPins(projectId);
  const move = useMovePin(projectId);
  const remove = useDeleteSheet(sheetId);
  const revise = useUploadRevision(sheetId);
  const [filter, setFilter] = useState<PinFilter>(NO_FILTER);
  const [selected, setSelected] = useState<string | null>(null);
  // The pin the viewer is asked to bring into view (a new object per request).
  const [centreOn, setCentreOn] = useState<{ id: string } | null>(null);
  const [shownRevision, setShownRevision] = useState<number | null>(null);
  const [undo, setUndo] = useState<PinMove | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isRenaming, setRenaming] = useState(false);
  // The heatmap (issue 37): off, or on coloured by status or by age; the colouring is kept when off.
  const [heatOn, setHeatOn] = useState(false);
  const [heatMode, setHeatMode] = useState<HeatMode>("status");
  // Picking pins for a bulk change: null when not picking.
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const revisionInput = useRef<HTMLInputElement>(null);
  // On a phone the plan comes first, filters and sheet actions on demand (PhonePlanToolbar).
  const isPhone = useIsPhone();

  const all = useMemo<Pin[]>(
    () =>
      (reports.data ?? []).flatMap((r) =>
        r.sheetId === sheetId && r.pinX !== null && r.pinY !== null
          ? [
              {
                id: r.id,
                title: r.title,
                status: r.status,
                priority: r.priority,
                assignedTo: r.assignedTo,
                x: r.pinX,
                y: r.pinY,
                createdAt: r.createdAt,
              },
            ]
          : [],
      ),
    [reports.data, sheetId],
  );
  const pins = useMemo(() => filterPins(all, filter), [all, filter]);
  const ordered = useMemo(() => readingOrder(pins), [pins]);
  const assignees = useMemo(() => {
    const names = new Map<string, string>();
    for (const r of reports.data ?? [])
      if (r.assignedTo) names.set(r.assignedTo, r.assignedToName ?? t("plans.someone"));
    return [...names.entries()].map(([id, name]) => ({ id, name }));
  }, [reports.data, t]);

  if (sheet.isPending) return <LoadingState label={t("plans.loading")} />;
  if (sheet.error instanceof ApiError && sheet.error.status === 404) {
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t("plans.notFound")}</h1>
        <p className="mt-2 text-slate-600">{t("plans.notFoundBody")}</p>
        <Link
          to={`/app/projects/${projectId}?tab=plans`}
          className="mt-6 inline-block font-medium text-blue-700 underline"
        >
          {t("plans.backToProject")}
        </Link>
      </div>
    );
  }
  if (!sheet.data) return <ErrorState message={t("plans.loadFailed")} onRetry={() => sheet.refetch()} />;
  const s = sheet.data;
  // The newest ready revision is shown while a newer one is still being drawn.
  const revisions = s.revisions ?? [];
  const readyRevisions = revisions.filter((r) => r.status === "ready");
  const shown = readyRevisions.find((r) => r.revision === shownRevision) ?? readyRevisions[0];
  const image =
    shown?.tileUrl != null
      ? {
          width: shown.width,
          height: shown.height,
          tileUrl: shown.tileUrl,
          tileSize: shown.tileSize,
          maxLevel: shown.maxLevel,
        }
      : null;
  const selectedReport = picked === null ? reports.data?.find((r) => r.id === selected) : undefined;
  const togglePicking = () => {
    setPicked((current) => (current === null ? new Set() : null));
    setSelected(null);
  };
  const pick = (pin: Pin) =>
    setPicked((current) => {
      if (current === null) return current;
      const next = new Set(current);
      if (!next.delete(pin.id)) next.add(pin.id);
      return next;
    });
  const reportOf = (id: string) => reports.data?.find((r) => r.id === id);
  const at = ordered.findIndex((p) => p.id === selected);
  const step = (by: 1 | -1) => {
    if (ordered.length === 0) return;
    const index = at < 0 ? (by === 1 ? 0 : ordered.length - 1) : (at + by + ordered.length) % ordered.length;
    const pin = ordered[index] as Pin;
    setSelected(pin.id);
    setCentreOn({ id: pin.id });
  };

  const onPinMove = (pin: Pin, position: { x: number; y: number }) => {
    const before: PinMove = { reportId: pin.id, sheetId, x: pin.x, y: pin.y };
    move.mutate(
      { reportId: pin.id, sheetId, ...position },
      {
        onSuccess: (outcome) => {
          setUndo(before);
          if (outcome === "queued") toast.info(t("plans.pinMovedOffline"));
        },
        onError: (error) => {
          toast.error(errorMessage(error, t("plans.pinMoveFailed")));
          void reports.refetch();
        },
      },
    );
  };

  const sheetActions = (
    <>
      <Button variant="secondary" onClick={() => setRenaming(true)}>
        <Pencil aria-hidden className="size-4" />
        {t("plans.rename")}
      </Button>
      <Button variant="secondary" isLoading={revise.isPending} onClick={() => revisionInput.current?.click()}>
        <Upload aria-hidden className="size-4" />
        {t("plans.newRevision")}
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t("plans.delete")}
      </Button>
    </>
  );
  const filters = (
    <>
      <PinFilters filter={filter} onChange={setFilter} assignees={assignees} />
      {readyRevisions.length > 1 && (
        <label className="text-sm font-medium text-slate-700">
          {t("plans.revisionLabel")}
          <select
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            value={shown?.revision}
            onChange={(event) => setShownRevision(Number(event.target.value))}
          >
            {readyRevisions.map((r) => (
              <option key={r.revision} value={r.revision}>
                {t("plans.revision", { revision: r.revision })}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
  const activeFilters = Object.values(filter).filter((value) => value !== "all").length;
  const count = (
    <p className="text-sm text-slate-600" aria-live="polite">
      {pins.length === all.length
        ? t("plans.pinsTotal", { count: all.length })
        : t("plans.pinsShown", { shown: pins.length, count: all.length })}
    </p>
  );
  const stepper = (compact: boolean) =>
    ordered.length > 0 && (
      <PinStepper at={at} total={ordered.length} title={ordered[at]?.title} onStep={step} compact={compact} />
    );

  return (
    <>
      <Link
        to={`/app/projects/${projectId}?tab=plans`}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("plans.title")}
      </Link>
      <PageHeader
        title={s.name}
        subtitle={[s.level, t("plans.revision", { revision: shown?.revision ?? s.revision })]
          .filter(Boolean)
          .join(" · ")}
        actions={isPhone ? undefined : sheetActions}
      />
      <input
        ref={revisionInput}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("plans.revisionFile")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          revise.mutate(
            { file },
            {
              onSuccess: () => toast.success(t("plans.revisionUploaded")),
              onError: (error) => toast.error(errorMessage(error, t("plans.revisionUploadFailed"))),
            },
          );
        }}
      />
      {s.status === "processing" && (
        <p role="status" className="mb-3 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
          {t("plans.revisionPreparing", { revision: s.revision })}{" "}
          {image ? t("plans.previousShown") : t("plans.takesAMoment")}
        </p>
      )}
      {s.status === "failed" && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("plans.revisionFailed", { revision: s.revision, reason: s.failureReason ?? "" })}
        </p>
      )}
      {isPhone ? (
        <PhonePlanToolbar
          filters={filters}
          actions={sheetActions}
          activeFilters={activeFilters}
          count={count}
          stepper={stepper(true)}
        />
      ) : (
        <div className="mb-3 flex flex-wrap items-end gap-3">
          {filters}
          {count}
          {stepper(false)}
        </div>
      )}
      {undo && (
        <div
          role="status"
          className="mb-3 flex items-center gap-3 rounded-lg bg-slate-800 px-3 py-2 text-sm text-white"
        >
          {t("plans.pinMoved")}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => {
              move.mutate(undo);
              setUndo(null);
            }}
          >
            {t("plans.undo")}
          </button>
          <button type="button" className="ml-auto text-slate-300" onClick={() => setUndo(null)}>
            {t("plans.dismiss")}
          </button>
        </div>
      )}
      {image ? (
        <PlanViewer
          image={image}
          pins={pins}
          label={t("plans.viewerLabel", { name: s.name })}
          selectedId={selected}
          centreOn={centreOn}
          heatmap={heatOn ? heatMode : null}
          picked={picked}
          tools={
            <div className="flex gap-2">
              {[
                { on: heatOn, label: t("plans.heatmapToggle"), run: () => setHeatOn((on) => !on) },
                { on: picked !== null, label: t("plans.selectPins"), run: togglePicking },
              ].map((tool) => (
                <button
                  key={tool.label}
                  type="button"
                  aria-pressed={tool.on}
                  onClick={tool.run}
                  className={clsx(
                    "h-10 rounded-lg px-3 text-sm font-semibold shadow ring-1 focus-visible:outline-2 focus-visible:outline-blue-600",
                    tool.on
                      ? "bg-slate-800 text-white ring-slate-800"
                      : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50",
                  )}
                >
                  {tool.label}
                </button>
              ))}
            </div>
          }
          onPinTap={(pin) => (picked === null ? setSelected(pin.id) : pick(pin))}
          onPinMove={onPinMove}
          onPlanTap={(position) => {
            // While picking, a tap beside the pins is a slip, not a new snag.
            if (picked !== null) return;
            const query = new URLSearchParams({
              projectId,
              sheetId,
              pinX: String(position.x),
              pinY: String(position.y),
            });
            navigate(`/app/snagging/new?${query}`);
          }}
        />
      ) : s.status === "failed" ? null : (
        <LoadingState label={t("plans.preparing")} />
      )}
      {image && picked !== null && (
        <Suspense fallback={null}>
          <BulkBar
            selected={picked}
            onSelect={(ids) => setPicked(new Set(ids))}
            onClear={() => setPicked(new Set())}
            scope={{ kind: "plan", shown: pins.map((p) => p.id), projectId }}
            keepOpen
            titleOf={(id) => reportOf(id)?.title ?? id}
            versionOf={(id) => reportOf(id)?.version}
          />
        </Suspense>
      )}
      {image && heatOn && (
        <Suspense fallback={null}>
          <HeatmapPanel mode={heatMode} onMode={setHeatMode} pins={pins} />
        </Suspense>
      )}
      {selectedReport && (
        <PinCard report={selectedReport} focusOnOpen={centreOn?.id !== selected} onClose={() => setSelected(null)} />
      )}
      <RenameSheetDialog open={isRenaming} sheet={s} onClose={() => setRenaming(false)} />
      <ConfirmDialog
        open={isConfirming}
        title={t("plans.deleteTitle")}
        message={t("plans.deleteMessage")}
        confirmLabel={t("plans.deleteConfirm")}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              toast.success(t("plans.deleted"));
              navigate(`/app/projects/${projectId}?tab=plans`, { replace: true });
            },
            (error: unknown) => {
              setConfirming(false);
              toast.error(errorMessage(error, t("plans.deleteFailed")));
            },
          )
        }
      />
    </>
  );
}
