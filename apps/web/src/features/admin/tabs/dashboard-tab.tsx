import { ErrorState, LoadingState } from "../../../components/states";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor, formatNumberFor } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useAdminStats } from "../api/admin-api";
import { MembershipBadge } from "../components/membership-badge";
import { formatMoney } from "../components/money";
import { StatCard } from "../components/stat-card";

export function DashboardTab() {
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
    <>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={t("admin.totalUsers")}
          value={formatNumberFor(locale, s.totalUsers)}
          hint={t("admin.demoNotCounted", { count: s.demoAccounts })}
        />
        <StatCard
          label={t("admin.activeYearly")}
          value={formatNumberFor(locale, s.activeYearlyMembers)}
          hint={t("admin.yearlyInAll", { count: s.yearlyMembers })}
        />
        <StatCard label={t("admin.yearlyRevenue")} value={formatMoney(s.yearlyRevenue)} />
        <StatCard label={t("admin.monthlyRevenue")} value={formatMoney(s.monthlyRevenue)} />
      </dl>
      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t("admin.recentSignups")}
        </h2>
        {s.recentSignups.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.noSignups")}</p>
        ) : (
          <ul
            aria-label={t("admin.recentSignups")}
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
                  <span className="text-slate-500">{formatDateFor(locale, u.created_at)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
