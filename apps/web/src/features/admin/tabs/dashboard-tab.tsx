import { ErrorState, LoadingState } from "../../../components/states";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useAdminStats } from "../api/admin-api";
import { MembershipBadge } from "../components/membership-badge";
import { formatMoney } from "../components/money";
import { StatCard } from "../components/stat-card";

export function DashboardTab() {
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
    <>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total users"
          value={s.totalUsers}
          hint={`${s.demoAccounts} demo sandbox accounts not counted`}
        />
        <StatCard
          label="Active yearly members"
          value={s.activeYearlyMembers}
          hint={`${s.yearlyMembers} yearly in all`}
        />
        <StatCard label="Yearly revenue" value={formatMoney(s.yearlyRevenue)} />
        <StatCard label="Monthly revenue" value={formatMoney(s.monthlyRevenue)} />
      </dl>
      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Recent sign-ups
        </h2>
        {s.recentSignups.length === 0 ? (
          <p className="text-sm text-slate-600">No sign-ups yet.</p>
        ) : (
          <ul
            aria-label="Recent sign-ups"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          >
            {s.recentSignups.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {u.first_name} {u.last_name}
                  </p>
                  <p className="break-all text-slate-600">{u.email}</p>
                </div>
                <div className="flex items-center gap-3">
                  <MembershipBadge user={u} />
                  <span className="text-slate-500">{formatDate(u.created_at)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
