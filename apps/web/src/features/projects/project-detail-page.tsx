import { ArrowLeft, Building2, Calendar, MapPin, Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ProjectLocationsTab } from "../../app/project-locations-tab";
import { ProjectOverviewTab } from "../../app/project-overview-tab";
import { ProjectPlansTab } from "../../app/project-plans-tab";
import { ProjectWeeklyReportTab } from "../../app/project-weekly-report-tab";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { ApiError, errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { lazyDialog } from "../../lib/lazy-dialog";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { useDeleteProject, useProject, useUpdateProject } from "./api/projects-api";
import { ProjectFormModal, preloadProjectForm } from "./components/lazy-project-form-modal";
import { ProjectReports } from "./components/project-reports";
import { ProjectStatusBadge } from "./components/project-status-badge";

// Below the fold: its own chunk, loaded after the page (first-load budget).
// The delete confirmation loads once the page has painted, not in its first load.
const ConfirmDialog = lazyDialog(
  () => import("../../components/confirm-dialog").then((m) => m.ConfirmDialog),
  (props) => props.open,
);
const ShareLinksSection = lazy(() =>
  import("../sharing/components/share-links-section").then((m) => ({ default: m.ShareLinksSection })),
);

const TABS = ["reports", "overview", "plans", "locations", "weekly-report"] as const;

function ProjectNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t("projects.notFound.title")}</h1>
      <p className="mt-2 text-slate-600">{t("projects.notFound.body")}</p>
      <Link to="/app/projects" className={buttonClass("secondary", "mt-6")}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("projects.back")}
      </Link>
    </div>
  );
}

export function ProjectDetailPage() {
  const { id = "" } = useParams();
  const project = useProject(id);
  const update = useUpdateProject(id);
  const remove = useDeleteProject(id);
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  useErrorToast(project.error, t("projects.loadOneFailed"), { useServerMessage: false });
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  // Deleting a project is the workspace owner's (the server refuses anyone else with 403).
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((name) => name === search.get("tab")) ?? "reports";

  if (project.isPending) return <LoadingState label={t("projects.loadingOne")} />;
  if (project.error instanceof ApiError && project.error.status === 404) return <ProjectNotFound />;
  if (project.isError && !project.data) {
    return (
      <ErrorState
        message={t("projects.loadOneFailed")}
        onRetry={() => project.refetch()}
        retryLabel={t("common.tryAgain")}
      />
    );
  }
  const p = project.data;
  return (
    <>
      <Link
        to="/app/projects"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("shell.nav.projects")}
      </Link>
      <PageHeader
        title={p.name}
        subtitle={<ProjectStatusBadge status={p.status} />}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => setEditing(true)}
              onPointerEnter={preloadProjectForm}
              onFocus={preloadProjectForm}
            >
              <Pencil aria-hidden className="size-4" />
              {t("projects.edit")}
            </Button>
            {isOwner && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t("projects.delete")}
              </Button>
            )}
          </>
        }
      />
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <p className="whitespace-pre-line text-slate-700">{p.description || t("projects.noDescription")}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          {[
            { icon: MapPin, label: t("projects.location"), value: p.location || t("projects.notSpecified") },
            { icon: Building2, label: t("projects.client"), value: p.clientName || t("projects.notSpecified") },
            { icon: Calendar, label: t("projects.createdOn"), value: formatDateFor(locale, p.createdAt) },
          ].map(({ icon: Icon, label, value }) => (
            <div key={label}>
              <dt className="flex items-center gap-1.5 font-medium text-slate-500">
                <Icon aria-hidden className="size-4 text-slate-400" />
                {label}
              </dt>
              <dd className="mt-0.5 ps-5.5 text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div
        role="tablist"
        aria-label={t("projects.views")}
        className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`project-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`project-panel-${name}`}
            onClick={() => setSearch(name === "reports" ? {} : { tab: name }, { replace: true })}
            className={`-mb-px min-h-11 shrink-0 whitespace-nowrap border-b-2 px-4 text-sm font-semibold ${
              tab === name ? "border-blue-600 text-blue-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {name === "plans"
              ? t("projects.tab.plans")
              : name === "locations"
                ? t("locations.tab")
                : name === "overview"
                  ? t("insight.tab")
                  : name === "weekly-report"
                    ? t("weeklyReport.tab")
                    : t("projects.tab.reports")}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`project-panel-${tab}`} aria-labelledby={`project-tab-${tab}`}>
        {tab === "overview" ? (
          <ProjectOverviewTab projectId={p.id} />
        ) : tab === "plans" ? (
          <ProjectPlansTab projectId={p.id} />
        ) : tab === "locations" ? (
          <ProjectLocationsTab projectId={p.id} />
        ) : tab === "weekly-report" ? (
          <ProjectWeeklyReportTab projectId={p.id} />
        ) : (
          <ProjectReports projectId={p.id} />
        )}
      </div>
      <Suspense fallback={null}>
        <ShareLinksSection projectId={p.id} />
      </Suspense>
      <ProjectFormModal
        open={isEditing}
        title={t("projects.edit")}
        submitLabel={t("projects.save")}
        initial={{
          name: p.name,
          description: p.description,
          location: p.location,
          clientName: p.clientName,
          status: p.status,
          requireEvidenceToClose: p.requireEvidenceToClose ?? false,
          verifiedClosing: p.verifiedClosing ?? false,
        }}
        isPending={update.isPending}
        onClose={() => setEditing(false)}
        onSubmit={(values) =>
          update.mutate(values, {
            onSuccess: () => {
              toast.success(t("projects.updated"));
              setEditing(false);
            },
            onError: (error) => toast.error(errorMessage(error, t("projects.updateFailed"))),
          })
        }
      />
      <ConfirmDialog
        open={isConfirming}
        title={t("projects.deleteConfirm.title")}
        message={t("projects.deleteConfirm.body")}
        confirmLabel={t("projects.deleteConfirm.action")}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        // mutateAsync: its promise settles even when the page re-renders into Not Found meanwhile
        // (per-call mutate callbacks are dropped then, and the user was left on a 404).
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              toast.success(t("projects.deleted"));
              navigate("/app/projects", { replace: true });
            },
            (error: unknown) => {
              setConfirming(false);
              toast.error(errorMessage(error, t("projects.deleteFailed")));
            },
          )
        }
      />
    </>
  );
}
