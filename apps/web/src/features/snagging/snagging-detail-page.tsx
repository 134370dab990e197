import type { ReportStatus } from "@sitesnag/shared/enums";
import { canVerifyReport } from "@sitesnag/shared/workflow";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  preloadReportExtras,
  ReportCommentsSection,
  ReportHistory,
  ReportNotices,
  ReportVerification,
} from "../../app/report-extras";
import { PriorityBadge, ReportStatusBadge } from "../../components/report-badges";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { ApiError, errorMessage } from "../../lib/api-client";
import { lazyDialog } from "../../lib/lazy-dialog";
import { lazyOrNothing } from "../../lib/lazy-or-nothing";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { PendingChangeBadge } from "../../offline/pending-change-badge";
import { useQueuedReport } from "../../offline/use-queued-report";
import { useAuthStore } from "../../stores/auth-store";
import { useDeleteReport } from "./api/delete-report";
import { useDownloadReportPdf } from "./api/download-report-pdf";
import { useReport } from "./api/get-report";
import { useUpdateReportStatus } from "./api/update-report-status";
import { CategoryIcon } from "./components/category-icon";
import { ReportActions } from "./components/report-actions";
import { ReportNotFound } from "./components/report-not-found";

// Loads when first opened (fetched once the page has painted, so it opens offline too).
const ConfirmDialog = lazyDialog(
  () => import("../../components/confirm-dialog").then((m) => m.ConfirmDialog),
  (props) => props.open,
);
const MarkFixedDialog = lazyDialog(
  () => import("./components/mark-fixed-dialog").then((m) => m.MarkFixedDialog),
  (props) => props.open,
);

// The read-only view of a report still in the offline queue: fetched as this module starts (beside
// the screen's chunk, not in its first load), so it is in before the queue has been read.
const loadQueuedDetail = () => import("./components/queued-report-detail");
const queuedDetail = loadQueuedDetail();
queuedDetail.catch(() => undefined);
const QueuedReportDetail = lazy(() =>
  queuedDetail.catch(loadQueuedDetail).then((m) => ({ default: m.QueuedReportDetail })),
);

// The body below the title (status, photos, facts) likewise: it is in before the queue check the
// screen waits for, and the whole report shows at once (Suspense below).
const loadBody = () => import("./components/report-body");
const body = loadBody();
body.catch(() => undefined);
const ReportBody = lazy(() => body.catch(loadBody).then((m) => ({ default: m.ReportBody })));
// Share link activity (issue 27): its own small chunk, loaded after the body, shown only when a link touched the report.
const ReportLinkActivity = lazyOrNothing(() =>
  import("../sharing/components/report-link-activity").then((m) => ({ default: m.ReportLinkActivity })),
);

export function SnaggingDetailPage() {
  const t = useT();
  const { id = "" } = useParams();
  const report = useReport(id);
  const updateStatus = useUpdateReportStatus(id);
  const remove = useDeleteReport(id);
  const pdf = useDownloadReportPdf();
  const navigate = useNavigate();
  const isMissing = report.error instanceof ApiError && report.error.status === 404;
  useErrorToast(isMissing ? null : report.error, t("snagging.loadFailed"), { useServerMessage: false });
  const [isConfirming, setConfirming] = useState(false);
  const [isMarkingFixed, setMarkingFixed] = useState(false);
  // A status change, a fix or a comment made once the signal has gone is queued in the outbox: it
  // and the page's lazy parts load now, not then (issue 33: on a first visit no service worker
  // has them yet).
  useEffect(() => {
    import("../../offline/outbox").catch(() => undefined);
    preloadReportExtras().catch(() => undefined);
  }, []);
  const user = useAuthStore((s) => s.user);
  // A report captured offline opens from the queue; once synced, its page is the server's.
  const queued = useQueuedReport(id);
  const syncedId = queued.checked ? queued.syncedId : null;
  useEffect(() => {
    if (syncedId) navigate(`/app/snagging/${syncedId}`, { replace: true });
  }, [syncedId, navigate]);

  if (queued.checked && queued.item) {
    return (
      <Suspense fallback={<LoadingState label={t("snagging.loading")} />}>
        <QueuedReportDetail item={queued.item} photos={queued.photos} />
      </Suspense>
    );
  }
  if (report.isPending || !queued.checked) return <LoadingState label={t("snagging.loading")} />;
  // Gone from the server (deleted elsewhere) wins over a copy restored from the offline cache.
  if (isMissing) return <ReportNotFound />;
  if (report.isError && !report.data) {
    return <ErrorState message={t("snagging.loadFailed")} onRetry={() => report.refetch()} />;
  }
  const r = report.data;

  // Issue 23: the project's workflow settings decide what this person is offered.
  const mayVerify = user !== null && canVerifyReport(user, r);
  const canClose = !r.verifiedClosing || mayVerify;
  const changeStatus = (status: ReportStatus) => {
    if (status === "resolved" && r.requireEvidenceToClose) return setMarkingFixed(true);
    updateStatus.mutate(status, {
      onSuccess: ({ queued }) =>
        queued ? toast.success(t("snagging.detail.statusQueued")) : toast.success(t("snagging.detail.statusUpdated")),
      onError: (error) => toast.error(errorMessage(error, t("snagging.detail.statusFailed"))),
    });
  };
  const download = () => {
    toast.info(t("snagging.detail.pdfGenerating"));
    pdf.mutate(r.id, {
      onSuccess: () => toast.success(t("snagging.detail.pdfDone")),
      // SPEC §8: the fixed text, not the server's message.
      onError: () => toast.error(t("snagging.detail.pdfFailed")),
    });
  };

  return (
    <Suspense fallback={<LoadingState label={t("snagging.loading")} />}>
      <title>{`${r.title} · SiteSnag`}</title>
      <Link
        to="/app/snagging"
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("snagging.list.title")}
      </Link>
      <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <CategoryIcon category={r.category} className="size-6" />
          </div>
          <div className="min-w-0">
            <h1 className="break-all text-2xl font-bold text-slate-900">{r.title}</h1>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <ReportStatusBadge status={r.status} />
              <PriorityBadge priority={r.priority} />
              <PendingChangeBadge reportId={r.id} />
              <span className="text-xs text-slate-500">
                {t("snagging.detail.reportHash")}
                <span className="break-all font-mono">{r.id}</span>
              </span>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ReportActions
            reportId={r.id}
            isDownloading={pdf.isPending}
            onDownload={download}
            onDelete={() => setConfirming(true)}
          />
        </div>
      </div>
      <ReportNotices reportId={r.id} version={r.version} />
      <ReportBody
        report={r}
        pendingStatus={updateStatus.isPending ? (updateStatus.variables ?? null) : null}
        onChangeStatus={changeStatus}
        canClose={canClose}
        workflow={
          r.status === "resolved" && r.verifiedClosing && mayVerify ? <ReportVerification reportId={r.id} /> : null
        }
      />
      <MarkFixedDialog
        open={isMarkingFixed}
        reportId={r.id}
        version={r.version}
        onClose={() => setMarkingFixed(false)}
      />
      <ReportCommentsSection reportId={r.id} />
      <ReportHistory reportId={r.id} />
      <Suspense fallback={null}>
        <ReportLinkActivity reportId={r.id} />
      </Suspense>
      <ConfirmDialog
        open={isConfirming}
        title={t("snagging.delete.title")}
        message={t("snagging.delete.confirm")}
        confirmLabel={t("snagging.delete.button")}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: ({ queued }) => {
              if (queued) toast.success(t("snagging.delete.queued"));
              else toast.success(t("snagging.delete.done"));
              navigate("/app/snagging", { replace: true });
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(errorMessage(error, t("snagging.delete.failed")));
            },
          })
        }
      />
    </Suspense>
  );
}
