import { ClipboardCheck, Plus } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { lazyDialog } from "../../lib/lazy-dialog";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { projectsFromEarlierAudits, useAuditProjects } from "./api/audit-projects";
import { useAudits, useCreateAudit, useServerAudits } from "./api/audits-api";
import { SYNC_LABELS } from "./components/labels";
import { AuditStatusBadge, ScoreBadge } from "./components/score-badge";
import { type AuditRow, mergeAudits } from "./sync/audit-list";

// Syncing (and its banner) loads after the list has painted.
// Backup export and import: a click away, so not in the list's first load.
const BackupControls = lazy(() => import("./components/backup-controls").then((m) => ({ default: m.BackupControls })));
const AuditListSync = lazy(() => import("./sync/upload-banner").then((m) => ({ default: m.AuditListSync })));
const syncAuditsNow = (userId: string) =>
  void import("./sync/sync-events").then((m) => m.syncAuditsNow(userId)).catch(() => undefined);

const SYNC_CLASS: Record<AuditRow["sync"], string> = {
  server: "text-slate-600",
  synced: "text-green-800",
  pending: "text-amber-800",
  "not-uploaded": "text-amber-800",
  failed: "text-red-700",
};

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="break-words text-sm font-medium text-slate-600 [hyphens:auto]">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

// Compliance over time, frequent non-compliances and open actions (from the server), in a chunk of
// their own loaded when opened.
const AuditTrends = lazy(() => import("./components/audit-trends").then((m) => ({ default: m.AuditTrends })));

const NewAuditModal = lazyDialog(
  () => import("./components/new-audit-modal").then((m) => m.NewAuditModal),
  (p) => p.open,
);

/** A labelled filter (a plain select: the form fields' chunk is not needed for the list's first paint). */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
      >
        {children}
      </select>
    </label>
  );
}

export function AuditsPage() {
  const t = useT();
  const locale = useLocale();
  const user = useAuthStore((s) => s.user);
  const userId = user?.id ?? "";
  const navigate = useNavigate();
  const audits = useAudits(userId);
  const [projectFilter, setProjectFilter] = useState("");
  const [statusFilter, setStatusFilter] = useState<"" | "draft" | "completed">("");
  const filters = useMemo(
    () => ({ projectId: projectFilter || undefined, status: statusFilter || undefined }),
    [projectFilter, statusFilter],
  );
  const { query: server, items: serverAudits } = useServerAudits(filters);
  const projects = useAuditProjects();
  const create = useCreateAudit();
  const [isCreating, setCreating] = useState(false);
  const { refetch: refetchLocal } = audits;
  const { refetch: refetchServer } = server;
  const [showTrends, setShowTrends] = useState(false);
  useErrorToast(audits.error, t("audits.loadFailed"), { useServerMessage: false });

  // Offline with nothing cached: offer the projects of earlier audits rather than nothing.
  const earlier = projects.isError ? projectsFromEarlierAudits(userId) : [];
  const choices = projects.data?.projects ?? earlier;
  const projectsNote = projects.isError
    ? earlier.length
      ? t("audits.projects.earlier")
      : t("audits.projects.offline")
    : projects.isPending
      ? t("audits.projects.loading")
      : choices.length === 0
        ? t("audits.projects.none")
        : undefined;

  const list = useMemo(
    () => mergeAudits(audits.data?.local ?? [], serverAudits, filters, audits.data?.deleted),
    [audits.data, serverAudits, filters],
  );
  const completed = list.filter((a) => a.status === "completed").length;

  return (
    <>
      <PageHeader
        title={t("audits.title")}
        subtitle={t("audits.subtitle")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/app/audit-templates" className={buttonClass("secondary")}>
              {t("audits.templates")}
            </Link>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              {t("audits.new")}
            </Button>
          </div>
        }
      />
      {userId && (
        <Suspense fallback={null}>
          <AuditListSync
            userId={userId}
            onSynced={() => {
              void refetchLocal();
              void refetchServer();
            }}
          />
        </Suspense>
      )}
      {audits.isPending ? (
        <LoadingState label={t("audits.loading")} />
      ) : audits.isError ? (
        <ErrorState message={t("audits.loadFailed")} onRetry={() => audits.refetch()} />
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-3 gap-3">
            <Counter label={t("audits.count.total")} value={list.length} />
            <Counter label={t("audits.status.completed")} value={completed} />
            <Counter label={t("audits.status.draft")} value={list.length - completed} />
          </dl>
          <section aria-labelledby="recent-audits">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="recent-audits" className="text-lg font-semibold text-slate-900">
                {t("audits.recent")}
              </h2>
              <Suspense fallback={null}>
                <BackupControls
                  userId={userId}
                  hasAudits={(audits.data?.local ?? []).length > 0}
                  explainEmpty={list.length > 0}
                  onImported={() => {
                    void audits.refetch();
                    syncAuditsNow(userId);
                  }}
                />
              </Suspense>
            </div>
            <div className="mb-3 grid gap-3 sm:grid-cols-2">
              <FilterSelect label={t("audits.filter.project")} value={projectFilter} onChange={setProjectFilter}>
                <option value="">{t("audits.filter.allProjects")}</option>
                {choices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </FilterSelect>
              <FilterSelect
                label={t("audits.filter.status")}
                value={statusFilter}
                onChange={(v) => setStatusFilter(v as "" | "draft" | "completed")}
              >
                <option value="">{t("audits.filter.allStatuses")}</option>
                <option value="draft">{t("audits.status.draft")}</option>
                <option value="completed">{t("audits.status.completed")}</option>
              </FilterSelect>
            </div>
            {server.isError && (
              <p
                role="status"
                className="mb-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-600/30"
              >
                {t("audits.serverFailed")}{" "}
                <button type="button" className="font-semibold underline" onClick={() => void server.refetch()}>
                  {t("audits.tryAgain")}
                </button>
              </p>
            )}
            {list.length === 0 && (filters.projectId || filters.status) ? (
              <EmptyState title={t("audits.empty.filtered")} />
            ) : list.length === 0 ? (
              <EmptyState
                title={t("audits.empty.title")}
                action={<Button onClick={() => setCreating(true)}>{t("audits.empty.start")}</Button>}
              >
                {t("audits.empty.body")}
              </EmptyState>
            ) : (
              <ul
                aria-label={t("audits.recent")}
                className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              >
                {list.map((a) => (
                  <li key={a.id}>
                    <Link
                      to={`/app/audits/${a.id}`}
                      className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50"
                    >
                      <ClipboardCheck aria-hidden className="size-5 shrink-0 text-brand-600" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-slate-900">{a.projectName}</span>
                        <span className="block text-sm text-slate-600">
                          {formatDateFor(locale, a.auditDate)} · {a.auditorName}
                          {a.revision > 1 ? ` · ${t("audits.revision", { revision: a.revision })}` : ""}
                        </span>
                        <span className={`block text-sm font-medium ${SYNC_CLASS[a.sync]}`}>
                          {t(SYNC_LABELS[a.sync])}
                          {a.error ? `: ${a.error}` : ""}
                        </span>
                      </span>
                      <ScoreBadge score={a.overallScore} />
                      <AuditStatusBadge status={a.status} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {server.hasNextPage && (
              <Button
                variant="secondary"
                className="mt-3"
                isLoading={server.isFetchingNextPage}
                onClick={() => void server.fetchNextPage()}
              >
                {t("audits.loadMore")}
              </Button>
            )}
          </section>
        </>
      )}
      <section aria-labelledby="audit-trends" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="audit-trends" className="text-lg font-semibold text-slate-900">
            {t("audits.trends.title")}
          </h2>
          <Button variant="secondary" aria-expanded={showTrends} onClick={() => setShowTrends(!showTrends)}>
            {showTrends ? t("audits.trends.hide") : t("audits.trends.show")}
          </Button>
        </div>
        {showTrends && (
          <Suspense fallback={<LoadingState label={t("audits.trends.loading")} />}>
            <AuditTrends />
          </Suspense>
        )}
      </section>
      <NewAuditModal
        open={isCreating}
        projects={choices}
        projectsNote={projectsNote}
        isPending={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={async (input) => {
          const project = choices.find((p) => p.id === input.projectId);
          if (!user) return toast.error(t("audits.notSignedIn"));
          if (!project) return toast.error(t("audits.selectProject"));
          let template: Awaited<ReturnType<typeof import("./api/template-to-start").templateToStart>>;
          try {
            // The dialog's module, loaded while it is open: no fetch, so this works offline too.
            const { templateToStart } = await import("./components/new-audit-modal");
            template = await templateToStart(input.templateId);
          } catch (error) {
            return toast.error(errorMessage(error, t("audits.templateFailed")));
          }
          create.mutate(
            { owner: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() }, project, input, template },
            {
              onSuccess: (summary) => {
                toast.success(t("audits.created"));
                syncAuditsNow(user.id);
                setCreating(false);
                navigate(`/app/audits/${summary.id}`);
              },
              onError: (error) =>
                toast.error(
                  error instanceof Error && error.name === "StorageFullError"
                    ? error.message
                    : t("audits.createFailed"),
                ),
            },
          );
        }}
      />
    </>
  );
}
