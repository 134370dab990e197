// /app/snagging/new and /app/snagging/{id}/edit: loads what the form needs, then hands it over.
import { NO_DESCRIPTION, NO_LOCATION, pairPhotoSegments } from "@sitesnag/shared/photo-description";
import { generateReference } from "@sitesnag/shared/reference";
import type { Report } from "@sitesnag/shared/snagging";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { useContacts } from "../contacts/api/contacts-api";
import { useMembers } from "./api/get-members";
import { useProjectOptions } from "./api/get-project-options";
import { useReportForEdit } from "./api/get-report-for-edit";
import type { ReportFormInitial } from "./components/report-form/report-form";
import { recallCapture } from "./lib/capture-memory";
import { epochToDueDay } from "./lib/report-form-rules";
import { loadSavePath } from "./lib/save-path";

// The form itself (fields, photo cards, location, saving) is fetched as this module starts (and by
// its routes' loaders, router.tsx), beside the projects and members it waits for: no form can show
// before they have answered (issue 7). So is what a save needs with no signal (issue 33): a form
// that shows can be saved offline, even on a first visit.
const loadReportForm = () => import("./components/report-form/report-form");
const savePath = loadSavePath().catch(() => undefined);
const form = loadReportForm();
form.catch(() => undefined);
const ReportForm = lazy(async () => {
  const [m] = await Promise.all([form.catch(loadReportForm), savePath]);
  return { default: m.ReportForm };
});

/**
 * Edit online: how long the form waits for the server's answer when all it has is this device's
 * copy of the report (restored from IndexedDB, or an older read), before it opens on the copy.
 */
const FRESH_WAIT_MS = 2000;

/** A pin handed over by the plan viewer (?sheetId=…&pinX=…&pinY=…), when it is well formed. */
function pinFromSearch(search: URLSearchParams): ReportFormInitial["pin"] {
  const sheetId = search.get("sheetId");
  const x = Number(search.get("pinX"));
  const y = Number(search.get("pinY"));
  const unit = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
  return sheetId && search.get("pinX") && search.get("pinY") && unit(x) && unit(y) ? { sheetId, x, y } : null;
}

function editInitial(report: Report): ReportFormInitial {
  const paired = pairPhotoSegments(report.description, report.attachments);
  return {
    mode: "edit",
    reportId: report.id,
    version: report.version,
    values: {
      projectId: report.projectId,
      title: report.title,
      priority: report.priority,
      category: report.category,
      dueDate: epochToDueDay(report.dueDate),
      assignedTo: report.assignedTo ?? "",
    },
    locationId: report.locationId ?? null,
    locationPath: report.locationPath ?? null,
    kept: paired.map(({ attachment, location, description }) => ({
      attachmentId: attachment.id,
      url: attachment.file_path,
      name: attachment.original_name,
      // The codec's placeholders (stored English, SPEC §3) are for display; the form edits the real
      // (empty) text.
      location: location === NO_LOCATION ? "" : location,
      description: description === NO_DESCRIPTION ? "" : description,
      removed: false,
    })),
  };
}

export function ReportFormPage() {
  const t = useT();
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const projects = useProjectOptions();
  const members = useMembers();
  const contacts = useContacts();
  // Offline with no contacts cached, the query waits (paused): the form starts without them.
  const contactsLoading = contacts.isPending && contacts.fetchStatus === "fetching";
  const report = useReportForEdit(id);
  const mode = id === undefined ? "create" : "edit";

  // A failed refetch of a report already loaded (offline: from the persisted cache) is no failure.
  const failedToLoad = report.isError && !report.data;
  useEffect(() => {
    if (!failedToLoad) return;
    toast.error(t("snagging.loadFailed"), { toastId: "Failed to load report" });
    navigate("/app/snagging", { replace: true });
  }, [failedToLoad, navigate, t]);

  // Until GET /api/users answers (or when it cannot), the picker still offers the user themself.
  const assignees = useMemo(() => {
    const list = members.data ?? (user ? [user] : []);
    return list.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email }));
  }, [members.data, user]);

  // Recomputed each render; the form reads it when it mounts, and in edit mode a newer version of
  // it only where the person has not typed (lib/edit-rebase.ts).
  const initial = ((): ReportFormInitial | null => {
    if (mode === "edit") return report.data ? editInitial(report.data) : null;
    if (!projects.data || !user) return null;
    const remembered = recallCapture(localStorage, user.id);
    const known = (projectId: string | null | undefined) =>
      projectId && projects.data.some((p) => p.id === projectId) ? projectId : "";
    return {
      mode: "create",
      reportId: null,
      values: {
        projectId: known(search.get("projectId")) || known(remembered?.projectId),
        title: generateReference(),
        priority: "",
        category: "other",
        dueDate: "",
        assignedTo: remembered?.assignedTo ?? "",
      },
      kept: [],
      pin: known(search.get("projectId")) ? pinFromSearch(search) : null,
      projectFromLink: Boolean(known(search.get("projectId"))),
      // From a location's QR label (/l/{id}): the picker checks it against the project's tree.
      locationId: known(search.get("projectId")) ? search.get("locationId") || null : null,
    };
  })();

  // Edit, online: the report may be this device's copy while the server's answer is on its way
  // (issue 33: after a reload the form showed the copy's older values and kept them). The form
  // starts from the answer, or from the copy when no answer comes soon (a weak signal); a newer
  // answer arriving later fills the fields not yet touched (ReportForm's `latest`).
  const refreshing = mode === "edit" && report.data !== undefined && report.fetchStatus === "fetching";
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    if (!refreshing) return;
    const timer = window.setTimeout(() => setWaitedLong(true), FRESH_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [refreshing]);

  // The form mounts once, when everything has loaded, and then stays: every save invalidates all
  // queries, and a refetch (a failed one starts again from 'pending') must not unmount it and lose
  // what the user entered.
  const formKey = id ?? "new";
  const [started, setStarted] = useState<{ key: string; initial: ReportFormInitial } | null>(null);
  if (
    initial &&
    user &&
    projects.data &&
    !members.isPending &&
    !contactsLoading &&
    (!refreshing || waitedLong) &&
    started?.key !== formKey
  ) {
    // An assignee remembered from before may have left the workspace: keep only real choices.
    const stale =
      mode === "create" &&
      initial.values.assignedTo !== "" &&
      !assignees.some((a) => a.id === initial.values.assignedTo) &&
      !(contacts.data ?? []).some((c) => c.id === initial.values.assignedTo);
    setStarted({
      key: formKey,
      initial: stale ? { ...initial, values: { ...initial.values, assignedTo: "" } } : initial,
    });
  }
  // Someone assigned before, and not in the list (GET /api/users unavailable, or they left): still shown.
  const current = mode === "edit" ? report.data : undefined;
  const options =
    current?.assignedTo &&
    !assignees.some((a) => a.id === current.assignedTo) &&
    !(contacts.data ?? []).some((c) => c.id === current.assignedTo)
      ? [...assignees, { id: current.assignedTo, name: current.assignedToName ?? t("snagging.form.currentAssignee") }]
      : assignees;

  const title = mode === "create" ? t("snagging.form.newTitle") : t("snagging.form.editTitle");
  const loading = mode === "create" ? t("snagging.form.preparing") : t("snagging.loading");
  let body: React.ReactNode;
  if (started?.key === formKey && user) {
    body = (
      <Suspense fallback={<LoadingState label={loading} />}>
        <ReportForm
          key={formKey}
          initial={started.initial}
          projects={projects.data ?? []}
          assignees={options}
          contacts={contacts.data ?? []}
          userId={user.id}
          latest={mode === "edit" ? (initial ?? undefined) : undefined}
        />
      </Suspense>
    );
  } else if (!projects.data && projects.fetchStatus === "paused") {
    // Offline with no copy of the projects on this device (never opened online by this user).
    body = <ErrorState message={t("snagging.form.offlineNoProjects")} onRetry={() => projects.refetch()} />;
  } else if (projects.isError) {
    body = (
      <ErrorState
        message={errorMessage(projects.error, t("snagging.form.projectsFailed"))}
        onRetry={() => projects.refetch()}
      />
    );
  } else {
    body = <LoadingState label={loading} />;
  }
  return (
    <>
      <Link
        to="/app/snagging"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("snagging.list.title")}
      </Link>
      <PageHeader title={title} subtitle={mode === "create" ? t("snagging.form.subtitle") : undefined} />
      {body}
    </>
  );
}
