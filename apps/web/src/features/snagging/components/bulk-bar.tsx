// The bulk action bar (issue 39, decisions 0075, 0085) of the report list and of the plan viewer:
// loaded only once a report is selected (on the plan, once "Select pins" is on), so neither
// screen's first load grows by it. One change for every selected report, sent as one
// POST /api/snagging/bulk; the result says how many changed and which failed, with Undo for
// 10 seconds (the inverse bulk, from the values each report had).
import type { BulkChanges, BulkResponse, BulkResult } from "@sitesnag/shared/bulk";
import { MAX_BULK_IDS } from "@sitesnag/shared/bulk";
import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { queueBulk, withdrawQueued } from "../../../offline/outbox";
import { useAuthStore } from "../../../stores/auth-store";
import { useUiStore } from "../../../stores/ui-store";
import { useContacts } from "../../contacts/api/contacts-api";
import { AssigneeOptions } from "../../contacts/components/assignee-options";
import { useLocations } from "../../locations/api/locations-queries";
import { offeredTrades, useTrades } from "../../trades/api/trades-api";
import { inverseOf, matchingIds, sendBulk } from "../api/bulk-change";
import { useMembers } from "../api/get-members";
import type { ListFilter } from "../api/get-reports";
import { dueDayToEpoch } from "../lib/report-form-rules";
import { useCategoryLabel } from "./category-icon";

const ACTION_LABELS = {
  assign: "snagging.bulk.action.assign",
  status: "snagging.bulk.action.status",
  priority: "snagging.bulk.action.priority",
  dueDate: "snagging.bulk.action.dueDate",
  trade: "snagging.bulk.action.trade",
  location: "snagging.bulk.action.location",
  comment: "snagging.bulk.action.comment",
  trash: "snagging.bulk.action.trash",
} as const;
type Action = keyof typeof ACTION_LABELS;
/** How long the result stays with its Undo. */
export const UNDO_MS = 10_000;

/**
 * What "Select all" takes: on the list, every report its filters match (asked of the server, up to
 * 1,000); on the plan, the pins its filters show (all on this device already).
 */
export type BulkScope =
  | {
      kind: "list";
      filter: ListFilter;
      /** How many reports the list's filters match (its status counts). */
      total: number;
    }
  | { kind: "plan"; shown: readonly string[]; projectId: string };

type Props = {
  selected: ReadonlySet<string>;
  onSelect: (ids: string[]) => void;
  onClear: () => void;
  scope: BulkScope;
  /** Shown with nothing selected too (the plan's selection mode), without the change form then. */
  keepOpen?: boolean;
  /** A selected report's title (for the failures listed) and the version the list shows. */
  titleOf: (id: string) => string;
  versionOf: (id: string) => number | undefined;
};

type Outcome = {
  changed: number;
  failed: { id: string; error: string }[];
  results: BulkResult[];
  undoable: boolean;
  /** Made offline: the outbox item waiting to be sent, which Undo takes back (decision 0085). */
  queued?: { itemId: string; count: number };
};

export default function BulkBar({ selected, onSelect, onClear, scope, keepOpen = false, titleOf, versionOf }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const isOnline = useUiStore((s) => s.isOnline);
  const [action, setAction] = useState<Action | "">("");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [matching, setMatching] = useState<{ total: number } | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formId = useId();
  const count = selected.size;

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Outcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    timer.current = setTimeout(() => setOutcome(null), UNDO_MS);
  };

  const outcomeOf = (responses: BulkResponse[], undoable: boolean): Outcome => {
    const results = responses.flatMap((r) => r.results);
    const failed = results.filter((r) => !r.ok).map((r) => ({ id: r.id, error: r.error ?? "" }));
    return { changed: results.length - failed.length, failed, results, undoable };
  };

  const run = async (send: () => Promise<BulkResponse[]>, undoable: boolean) => {
    setBusy(true);
    try {
      const responses = await send();
      show(outcomeOf(responses, undoable));
      if (undoable) {
        setAction("");
        setValue("");
      }
    } catch (err) {
      toast.error(errorMessage(err, t("snagging.bulk.failed")));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ["snagging"] });
    }
  };

  const changesOf = (): BulkChanges | null => {
    switch (action) {
      case "assign":
        return { assignedTo: value === "" ? null : value };
      case "status":
        return value ? { status: value as BulkChanges["status"] } : null;
      case "priority":
        return value ? { priority: value as BulkChanges["priority"] } : null;
      case "dueDate":
        return { dueDate: value ? dueDayToEpoch(value) : null };
      case "trade":
        return value ? { category: value } : null;
      case "location":
        return { locationId: value === "" ? null : value };
      case "comment":
        return value.trim() ? { comment: value.trim() } : null;
      case "trash":
        return { trash: true };
      default:
        return null;
    }
  };

  const apply = () => {
    const changes = changesOf();
    if (!changes) return;
    if (changes.trash && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    const ids = [...selected];
    const versions: Record<string, number> = {};
    for (const id of ids) {
      const v = versionOf(id);
      if (v !== undefined) versions[id] = v;
    }
    if (changes.trash) onClear();
    // Offline: one item in the outbox, sent once when the connection is back (decision 0075).
    if (!isOnline || !navigator.onLine) {
      void queueOffline(ids, changes, versions);
      return;
    }
    void run(async () => [await sendBulk(ids, changes, versions)], !changes.trash && !changes.comment);
  };

  const queueOffline = async (ids: string[], changes: BulkChanges, versions: Record<string, number>) => {
    const userId = useAuthStore.getState().user?.id;
    try {
      if (!userId) throw new Error("signed out");
      const itemId = await queueBulk(userId, { ids, changes, versions });
      // Undo for 10 seconds here too: it takes the item back out of the outbox, unsent.
      show({ changed: 0, failed: [], results: [], undoable: true, queued: { itemId, count: ids.length } });
      setAction("");
      setValue("");
    } catch {
      toast.error(t("snagging.bulk.offline"));
    }
  };

  const undo = () => {
    if (!outcome) return;
    const groups = inverseOf(outcome.results);
    setOutcome(null);
    const queued = outcome.queued;
    const userId = useAuthStore.getState().user?.id;
    if (queued && userId) {
      void withdrawQueued(userId, queued.itemId).then(
        (withdrawn) =>
          withdrawn ? toast.success(t("snagging.bulk.withdrawn")) : toast.error(t("snagging.bulk.alreadySent")),
        () => toast.error(t("snagging.bulk.alreadySent")),
      );
      return;
    }
    void run(async () => {
      const responses: BulkResponse[] = [];
      for (const g of groups) responses.push(await sendBulk(g.ids, g.changes, g.versions));
      return responses;
    }, false);
  };

  const selectAll = async () => {
    if (scope.kind === "plan") {
      onSelect([...scope.shown]);
      return;
    }
    setSelectingAll(true);
    try {
      const answer = await matchingIds(scope.filter);
      setMatching({ total: answer.total });
      onSelect(answer.ids);
    } catch (err) {
      toast.error(errorMessage(err, t("snagging.bulk.failed")));
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <>
      {outcome && <ResultToast outcome={outcome} titleOf={titleOf} onUndo={undo} onClose={() => setOutcome(null)} />}
      {(count > 0 || keepOpen) && (
        <section
          aria-label={t("snagging.bulk.region")}
          className="sticky bottom-2 z-20 mt-3 space-y-3 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-300"
        >
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-slate-900" aria-live="polite">
              {t("snagging.bulk.selected", { count })}
            </p>
            <Button variant="secondary" onClick={() => void selectAll()} isLoading={selectingAll}>
              {scope.kind === "plan"
                ? t("snagging.bulk.selectShown", { count: scope.shown.length })
                : t("snagging.bulk.selectAll", { count: matching?.total ?? scope.total })}
            </Button>
            {count > 0 && (
              <Button variant="secondary" onClick={onClear}>
                {t("snagging.bulk.clear")}
              </Button>
            )}
          </div>
          {matching && matching.total > MAX_BULK_IDS && (
            <p className="text-sm text-slate-600">{t("snagging.bulk.capped", { total: matching.total })}</p>
          )}
          {count > 0 && (
            <form
              id={formId}
              className="grid items-end gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto]"
              onSubmit={(e) => {
                e.preventDefault();
                apply();
              }}
            >
              <SelectField
                label={t("snagging.bulk.change")}
                value={action}
                onChange={(e) => {
                  setAction(e.target.value as Action | "");
                  setValue("");
                }}
              >
                <option value="">{t("snagging.bulk.choose")}</option>
                {(Object.keys(ACTION_LABELS) as Action[]).map((a) => (
                  <option key={a} value={a}>
                    {t(ACTION_LABELS[a])}
                  </option>
                ))}
              </SelectField>
              <div>
                {action && (
                  <ValueField
                    action={action}
                    value={value}
                    onChange={setValue}
                    projectId={scope.kind === "plan" ? scope.projectId : (scope.filter.projectId ?? "")}
                  />
                )}
              </div>
              <Button type="submit" disabled={!action || changesOf() === null} isLoading={busy}>
                {t("snagging.bulk.apply", { count })}
              </Button>
            </form>
          )}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("snagging.bulk.trashTitle", { count })}
        message={t("snagging.bulk.trashMessage", { count })}
        confirmLabel={t("snagging.bulk.trashConfirm")}
        onConfirm={apply}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function ValueField({
  action,
  value,
  onChange,
  projectId,
}: {
  action: Action;
  value: string;
  onChange: (value: string) => void;
  projectId: string;
}) {
  const t = useT();
  const members = useMembers();
  const contacts = useContacts();
  const trades = useTrades();
  const locations = useLocations(projectId, action === "location");
  const tradeLabel = useCategoryLabel();
  const select = (label: string, options: React.ReactNode) => (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {options}
    </SelectField>
  );
  switch (action) {
    case "assign":
      return select(
        t("snagging.field.assignee"),
        <>
          <option value="">{t("snagging.unassigned")}</option>
          <AssigneeOptions
            members={(members.data ?? []).map((m) => ({
              id: m.id,
              name: `${m.firstName} ${m.lastName}`.trim() || m.email,
            }))}
            contacts={contacts.data ?? []}
          />
        </>,
      );
    case "status":
      return select(
        t("snagging.field.status"),
        <>
          <option value="">{t("snagging.bulk.choose")}</option>
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </option>
          ))}
        </>,
      );
    case "priority":
      return select(
        t("snagging.field.priority"),
        <>
          <option value="">{t("snagging.bulk.choose")}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(PRIORITY_LABELS[p])}
            </option>
          ))}
        </>,
      );
    case "dueDate":
      return (
        <TextField
          type="date"
          label={t("snagging.field.dueDate")}
          hint={t("snagging.bulk.dueHint")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "trade":
      return select(
        t("trades.field"),
        <>
          <option value="">{t("snagging.bulk.choose")}</option>
          {offeredTrades(trades.data ?? []).map((x) => (
            <option key={x.key} value={x.key}>
              {tradeLabel(x.key)}
            </option>
          ))}
        </>,
      );
    case "location":
      return projectId === "" ? (
        <p className="text-sm text-slate-600">{t("snagging.bulk.locationNeedsProject")}</p>
      ) : (
        select(
          t("snagging.bulk.location"),
          <>
            <option value="">{t("snagging.bulk.noLocation")}</option>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.path}
              </option>
            ))}
          </>,
        )
      );
    case "comment":
      return (
        <TextAreaField
          label={t("snagging.bulk.comment")}
          rows={2}
          maxLength={5000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return <p className="text-sm text-slate-600">{t("snagging.bulk.trashHint")}</p>;
  }
}

/** "N changed, M failed", the failures by title, and Undo for 10 seconds. */
function ResultToast({
  outcome,
  titleOf,
  onUndo,
  onClose,
}: {
  outcome: Outcome;
  titleOf: (id: string) => string;
  onUndo: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const canUndo = outcome.undoable && (outcome.queued !== undefined || inverseOf(outcome.results).length > 0);
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-2 top-16 z-50 mx-auto max-w-md rounded-xl bg-slate-900 p-4 text-sm text-white shadow-xl sm:inset-x-auto sm:end-4"
    >
      <div className="flex items-start gap-3">
        <p className="flex-1 font-semibold">
          {outcome.queued
            ? t("snagging.bulk.queued", { count: outcome.queued.count })
            : t("snagging.bulk.result", { changed: outcome.changed, failed: outcome.failed.length })}
        </p>
        {canUndo && (
          <button
            type="button"
            onClick={onUndo}
            className="min-h-11 rounded-lg px-3 font-semibold text-amber-300 underline underline-offset-2 hover:bg-slate-800"
          >
            {t("snagging.bulk.undo")}
          </button>
        )}
        <button
          type="button"
          onClick={onClose}
          aria-label={t("common.close")}
          className="flex size-11 items-center justify-center rounded-lg hover:bg-slate-800"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {outcome.failed.length > 0 && (
        <ul className="mt-2 max-h-40 list-disc space-y-1 overflow-y-auto ps-5">
          {outcome.failed.map((f) => (
            <li key={f.id}>{t("snagging.bulk.failure", { title: titleOf(f.id), error: f.error })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
