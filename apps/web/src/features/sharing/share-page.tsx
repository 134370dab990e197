// /s/{token}: the page behind a share link, for someone with no account, on a phone first. Only the
// link's snags; a revoked, expired or unknown link gets a plain page saying so.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { useEffect } from "react";
import { useParams } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { formatDate } from "../../lib/format";
import { preloadFixPath, ShareError, useShare } from "./api/share-page-api";
import { SharedReportCard } from "./components/shared-report-card";

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className="bg-slate-900 px-4 py-3 text-sm font-bold text-white">{PRODUCT_NAME}</header>
      <main className="mx-auto max-w-2xl px-4 py-5">{children}</main>
    </div>
  );
}

export function SharePage() {
  const { token = "" } = useParams();
  const share = useShare(token);
  useEffect(preloadFixPath, []);
  if (share.isPending) {
    return (
      <Frame title="Opening the link">
        <LoadingState label="Opening the link…" />
      </Frame>
    );
  }
  if (share.error instanceof ShareError && share.error.status < 500) {
    return (
      <Frame title="Link can't be used">
        <h1 className="text-xl font-bold text-slate-900">
          {share.error.status === 429 ? "Too many requests" : "This link can't be used"}
        </h1>
        <p className="mt-2 text-slate-700">{share.error.message}</p>
      </Frame>
    );
  }
  if (share.isError || !share.data) {
    return (
      <Frame title="Link could not be opened">
        <ErrorState message="This link could not be opened." onRetry={() => share.refetch()} />
      </Frame>
    );
  }
  const view = share.data;
  return (
    <Frame title={view.name}>
      <h1 className="text-xl font-bold text-slate-900">{view.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {view.projectName} · {view.reports.length} snag{view.reports.length === 1 ? "" : "s"} · link valid until{" "}
        {formatDate(view.expiresAt)}
      </p>
      {view.isTruncated && (
        <p className="mt-2 text-sm text-slate-600">The newest {view.reports.length} snags are shown.</p>
      )}
      {view.reports.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="Nothing to do">No snags are shared through this link right now.</EmptyState>
        </div>
      ) : (
        <ul aria-label="Shared snags" className="mt-4 space-y-3">
          {view.reports.map((report) => (
            <SharedReportCard key={report.id} token={token} report={report} />
          ))}
        </ul>
      )}
    </Frame>
  );
}
