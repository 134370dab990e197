import { PRIORITIES, type Priority, REPORT_STATUSES, type ReportStatus } from "@sitesnag/shared/enums";
import { Boxes, FileDown, Plus, Share2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../../components/button";
import { LoadMore } from "../../../components/load-more";
import { PriorityBadge, ReportStatusBadge } from "../../../components/report-badges";
import { EmptyState, ErrorState, LoadingState } from "../../../components/states";
import type { Message } from "../../../i18n/i18n";
import { msg, useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useUiStore } from "../../../stores/ui-store";
import { LazyBcfDialog } from "../../bcf/components/lazy-bcf-dialog";
import { LazyCreateShareLinkDialog } from "../../sharing/components/lazy-create-share-link-dialog";
import { LazySnagListDialog } from "../../snag-list/components/lazy-snag-list-dialog";
import { useFilteredProjectReports, useProjectReports } from "../api/projects-api";

// The filters' words (the report's own badges are the snagging screens').
const STATUS_LABELS: Record<ReportStatus, Message> = {
  open: msg("projects.reports.status.open"),
  "in-progress": msg("projects.reports.status.inProgress"),
  resolved: msg("projects.reports.status.resolved"),
  closed: msg("projects.reports.status.closed"),
};
const PRIORITY_LABELS: Record<Priority, Message> = {
  critical: msg("projects.reports.priority.critical"),
  high: msg("projects.reports.priority.high"),
  medium: msg("projects.reports.priority.medium"),
  low: msg("projects.reports.priority.low"),
};

type FilterSelectProps<T extends string> = {
  label: string;
  allLabel: string;
  options: readonly T[];
  labels: Record<T, Message>;
  value: T | "all";
  onChange: (value: T | "all") => void;
};

function FilterSelect<T extends string>({ label, allLabel, options, labels, value, onChange }: FilterSelectProps<T>) {
  const t = useT();
  return (
    <select
      aria-label={label}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      value={value}
      onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? "all")}
    >
      <option value="all">{allLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {t(labels[o])}
        </option>
      ))}
    </select>
  );
}

/**
 * The project's snagging reports, page by page with Load more (decision 0018). While they fit in
 * one page the status and priority filters run on the loaded list (instant, and offline from the
 * cache); once there is a next page they run on the server, and offline on the pages loaded.
 */
export function ProjectReports({ projectId }: { projectId: string }) {
  const { query: reports, items: all, isPaged } = useProjectReports(projectId);
  const [status, setStatus] = useState<ReportStatus | "all">("all");
  const [priority, setPriority] = useState<Priority | "all">("all");
  const [isListOpen, setListOpen] = useState(false);
  const [isSharing, setSharing] = useState(false);
  const [isBcfOpen, setBcfOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  const currentFilter = {
    status: status === "all" ? undefined : status,
    priority: priority === "all" ? undefined : priority,
  };
  const isOnline = useUiStore((s) => s.isOnline);
  const onServer = isPaged && isOnline && (status !== "all" || priority !== "all");
  const filtered = useFilteredProjectReports(projectId, { status, priority }, onServer);
  const shown = onServer ? filtered : { query: reports, items: all };
  useErrorToast(shown.query.error, t("projects.reports.loadFailed"), { useServerMessage: false });
  const visible = onServer
    ? filtered.items
    : all.filter((r) => (status === "all" || r.status === status) && (priority === "all" || r.priority === priority));
  return (
    <section aria-labelledby="project-reports" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-reports" className="text-lg font-semibold text-slate-900">
          {t("projects.reports.title")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setListOpen(true)} onPointerEnter={LazySnagListDialog.preload}>
            <FileDown aria-hidden className="size-4" />
            {t("projects.reports.snagList")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setSharing(true)}
            onPointerEnter={LazyCreateShareLinkDialog.preload}
          >
            <Share2 aria-hidden className="size-4" />
            {t("projects.reports.share")}
          </Button>
          <Button variant="secondary" onClick={() => setBcfOpen(true)} onPointerEnter={LazyBcfDialog.preload}>
            <Boxes aria-hidden className="size-4" />
            {t("projects.bcf.open")}
          </Button>
          <Link to={`/app/snagging/new?projectId=${projectId}`} className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" />
            {t("projects.reports.new")}
          </Link>
        </div>
      </div>
      <LazySnagListDialog
        open={isListOpen}
        projectId={projectId}
        initial={currentFilter}
        onClose={() => setListOpen(false)}
      />
      <LazyBcfDialog open={isBcfOpen} projectId={projectId} filter={currentFilter} onClose={() => setBcfOpen(false)} />
      <LazyCreateShareLinkDialog
        open={isSharing}
        projectId={projectId}
        filter={currentFilter}
        onClose={() => setSharing(false)}
      />
      <div className="mb-3 flex flex-wrap gap-2">
        <FilterSelect
          label={t("projects.reports.byStatus")}
          allLabel={t("projects.reports.allStatuses")}
          options={REPORT_STATUSES}
          labels={STATUS_LABELS}
          value={status}
          onChange={setStatus}
        />
        <FilterSelect
          label={t("projects.reports.byPriority")}
          allLabel={t("projects.reports.allPriorities")}
          options={PRIORITIES}
          labels={PRIORITY_LABELS}
          value={priority}
          onChange={setPriority}
        />
      </div>
      {shown.query.isPending ? (
        <LoadingState label={t("projects.reports.loading")} />
      ) : shown.query.isError && !shown.query.data ? (
        <ErrorState
          message={t("projects.reports.loadFailed")}
          onRetry={() => shown.query.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : all.length === 0 ? (
        <EmptyState title={t("projects.reports.empty.title")}>{t("projects.reports.empty.body")}</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title={t("projects.reports.noMatch")} />
      ) : (
        <ul
          aria-label={t("projects.reports.list")}
          className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
        >
          {visible.map((r) => (
            <li key={r.id}>
              <Link
                to={`/app/snagging/${r.id}`}
                className="flex flex-wrap items-center gap-2 px-4 py-3 hover:bg-slate-50"
              >
                <span className="w-full min-w-0 truncate font-medium text-slate-900 sm:w-auto sm:flex-1">
                  {r.title}
                </span>
                <PriorityBadge priority={r.priority} />
                <ReportStatusBadge status={r.status} />
                {r.dueDate !== null && (
                  <span className="text-xs text-slate-500">
                    {t("projects.reports.due", { date: formatDateFor(locale, r.dueDate) })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={shown.query} shown={visible.length} noun="reports" />
    </section>
  );
}
