import { ErrorState, LoadingState } from "../../../components/states";
import { errorMessage } from "../../../lib/api-client";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useAdminStats } from "../api/admin-api";
import { formatMoney } from "../components/money";
import { SignupsChart } from "../components/signups-chart";
import { StatCard } from "../components/stat-card";

export function AnalyticsTab() {
  const stats = useAdminStats();
  useErrorToast(stats.error, "Failed to load admin data");
  if (stats.isPending) return <LoadingState label="Loading figures…" />;
  if (stats.isError) {
    return (
      <ErrorState message={errorMessage(stats.error, "Failed to load admin data")} onRetry={() => stats.refetch()} />
    );
  }
  const s = stats.data;
  return (
    <div className="space-y-8">
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Yearly revenue" value={formatMoney(s.yearlyRevenue)} hint="Sum of yearly members' amounts" />
        <StatCard label="Monthly revenue" value={formatMoney(s.monthlyRevenue)} hint="Yearly revenue ÷ 12" />
        <StatCard label="Conversion rate" value={`${s.conversionRate}%`} hint="Yearly members ÷ all users" />
      </dl>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SignupsChart months={s.signupsByMonth} />
      </section>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Report activity
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
          <StatCard label="Snagging reports" value={s.reports.total} />
          <StatCard label="Open" value={s.reports.open} />
          <StatCard label="In progress" value={s.reports.inProgress} />
          <StatCard label="Resolved" value={s.reports.resolved} />
          <StatCard label="Closed" value={s.reports.closed} />
          <StatCard label="Last 30 days" value={s.reports.lastThirtyDays} />
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          {s.projects} projects in {s.workspaces} workspaces. Site audits are kept on each user's device and never sent
          to the server, so they cannot be counted here.
        </p>
      </section>
    </div>
  );
}
