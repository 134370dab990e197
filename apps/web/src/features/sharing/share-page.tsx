// /s/{token}: the page behind a share link, for someone with no account, on a phone first. Only the
// link's snags; a revoked, expired or unknown link gets a plain page saying so. It speaks the
// browser's language, with a switcher (components/share-language.tsx).
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { useEffect } from "react";
import { useParams } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { formatDateFor } from "../../lib/format";
import { preloadFixPath, ShareError, useShare } from "./api/share-page-api";
import { restoreShareLocale, ShareLanguage } from "./components/share-language";
import { SharedReportCard } from "./components/shared-report-card";

// Before the page first renders: a language chosen on this device's share pages before.
restoreShareLocale();

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className="flex items-center justify-between gap-3 bg-slate-900 px-4 py-2 text-white">
        <span className="text-sm font-bold">{PRODUCT_NAME}</span>
        <ShareLanguage />
      </header>
      <main className="mx-auto max-w-2xl px-4 py-5">{children}</main>
    </div>
  );
}

export function SharePage() {
  const t = useT();
  const locale = useLocale();
  const { token = "" } = useParams();
  const share = useShare(token);
  useEffect(preloadFixPath, []);
  if (share.isPending) {
    return (
      <Frame title={t("sharing.page.opening")}>
        <LoadingState label={t("sharing.page.openingBusy")} />
      </Frame>
    );
  }
  if (share.error instanceof ShareError && share.error.status < 500) {
    return (
      <Frame title={t("sharing.page.unusableTitle")}>
        <h1 className="text-xl font-bold text-slate-900">
          {share.error.status === 429 ? t("sharing.page.tooMany") : t("sharing.page.unusable")}
        </h1>
        <p className="mt-2 text-slate-700">{share.error.message}</p>
      </Frame>
    );
  }
  if (share.isError || !share.data) {
    return (
      <Frame title={t("sharing.page.failedTitle")}>
        <ErrorState message={t("sharing.page.failed")} onRetry={() => share.refetch()} />
      </Frame>
    );
  }
  const view = share.data;
  return (
    <Frame title={view.name}>
      <h1 className="text-xl font-bold text-slate-900">{view.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("sharing.page.summary", {
          project: view.projectName,
          count: view.reports.length,
          date: formatDateFor(locale, view.expiresAt),
        })}
      </p>
      {view.isTruncated && (
        <p className="mt-2 text-sm text-slate-600">{t("sharing.page.truncated", { count: view.reports.length })}</p>
      )}
      {view.reports.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t("sharing.page.emptyTitle")}>{t("sharing.page.empty")}</EmptyState>
        </div>
      ) : (
        <ul aria-label={t("sharing.page.list")} className="mt-4 space-y-3">
          {view.reports.map((report) => (
            <SharedReportCard key={report.id} token={token} report={report} />
          ))}
        </ul>
      )}
    </Frame>
  );
}
