import { ErrorState, LoadingState } from "../../../components/states";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatNumberFor } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useAdminStats } from "../api/admin-api";
import { formatMoney } from "../components/money";
import { SignupsChart } from "../components/signups-chart";
import { StatCard } from "../components/stat-card";

export function AnalyticsTab() {
  const stats = useAdminStats();
  const t = useT();
  const locale = useLocale();
  useErrorToast(stats.error, t("admin.loadFailed"));
  if (stats.isPending) return <LoadingState label={t("admin.loadingFigures")} />;
  if (stats.isError) {
    return (
      <ErrorState
        message={errorMessage(stats.error, t("admin.loadFailed"))}
        onRetry={() => stats.refetch()}
        retryLabel={t("common.tryAgain")}
      />
    );
  }
  const s = stats.data;
  return (
    <div className="space-y-8">
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t("admin.yearlyRevenue")}
          value={formatMoney(s.yearlyRevenue)}
          hint={t("admin.yearlyRevenueHint")}
        />
        <StatCard
          label={t("admin.monthlyRevenue")}
          value={formatMoney(s.monthlyRevenue)}
          hint={t("admin.monthlyRevenueHint")}
        />
        <StatCard label={t("admin.conversion")} value={`${s.conversionRate}%`} hint={t("admin.conversionHint")} />
      </dl>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SignupsChart months={s.signupsByMonth} />
      </section>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t("admin.activity")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
          <StatCard label={t("shell.nav.snaggingReports")} value={formatNumberFor(locale, s.reports.total)} />
          <StatCard label={t("projects.reports.status.open")} value={formatNumberFor(locale, s.reports.open)} />
          <StatCard
            label={t("projects.reports.status.inProgress")}
            value={formatNumberFor(locale, s.reports.inProgress)}
          />
          <StatCard label={t("projects.reports.status.resolved")} value={formatNumberFor(locale, s.reports.resolved)} />
          <StatCard label={t("projects.reports.status.closed")} value={formatNumberFor(locale, s.reports.closed)} />
          <StatCard label={t("admin.last30Days")} value={formatNumberFor(locale, s.reports.lastThirtyDays)} />
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          {t("admin.projectsIn", { projects: s.projects, workspaces: s.workspaces })} {t("admin.auditsNote")}
        </p>
      </section>
    </div>
  );
}
