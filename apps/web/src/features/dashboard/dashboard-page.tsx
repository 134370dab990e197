import { ClipboardCheck, FileWarning, FolderKanban, type LucideIcon, Plus, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { formatNumberFor } from "../../lib/format";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { useDashboardStats, useWaitingForMe } from "./api/dashboard-api";

function StatCard({
  to,
  label,
  value,
  icon: Icon,
  children,
}: {
  to: string;
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="block rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-600"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <Icon aria-hidden className="size-5 text-brand-600" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">{value}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    </Link>
  );
}

/**
 * `notUploadedAudits`: audits made on this device that the workspace does not have yet (app/ reads
 * them from the audits feature); added to the workspace's count, so each audit counts once.
 */
export function DashboardPage({ notUploadedAudits = 0 }: { notUploadedAudits?: number }) {
  const user = useAuthStore((s) => s.user);
  const stats = useDashboardStats();
  const waiting = useWaitingForMe();
  const t = useT();
  const locale = useLocale();
  useErrorToast(stats.error, t("dashboard.loadFailed"));
  const audits = stats.data?.audits === undefined ? undefined : stats.data.audits + notUploadedAudits;
  const count = (n: number | undefined) => (n === undefined ? "–" : formatNumberFor(locale, n));
  const value = (n: number | undefined) => (stats.isPending ? "…" : count(n));
  return (
    <>
      <PageHeader
        title={t("shell.nav.dashboard")}
        subtitle={user ? t("dashboard.welcome", { name: user.firstName }) : undefined}
      />
      {stats.isError && !stats.data && (
        <div className="mb-4">
          <ErrorState message={t("dashboard.loadFailed")} onRetry={() => stats.refetch()} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isPending}>
        <StatCard
          to="/app/projects"
          label={t("shell.nav.projects")}
          value={value(stats.data?.projects)}
          icon={FolderKanban}
        />
        <StatCard
          to="/app/snagging"
          label={t("shell.nav.snaggingReports")}
          value={value(stats.data?.reports)}
          icon={FileWarning}
        >
          {stats.data && (
            <span>
              {t("dashboard.open", { count: stats.data.open })} ·{" "}
              {t("dashboard.inProgress", { count: stats.data.inProgress })}
            </span>
          )}
        </StatCard>
        <StatCard to="/app/audits" label={t("dashboard.auditsRun")} value={value(audits)} icon={ClipboardCheck} />
        <StatCard
          to="/app/snagging?waitingFor=me"
          label={t("dashboard.waitingForMe")}
          value={waiting.isPending ? "…" : count(waiting.data?.total)}
          icon={UserCheck}
        >
          {waiting.data && (
            <span>
              {t("dashboard.toFix", { count: waiting.data.toFix })} ·{" "}
              {t("dashboard.toVerify", { count: waiting.data.toVerify })}
            </span>
          )}
        </StatCard>
      </div>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold text-slate-900">
          {t("dashboard.quickActions")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/app/snagging/new" className={buttonClass("primary", "py-4")}>
            <Plus aria-hidden className="size-5" />
            {t("dashboard.newReport")}
          </Link>
          <Link to="/app/audits" className={buttonClass("secondary", "py-4")}>
            <ClipboardCheck aria-hidden className="size-5" />
            {t("dashboard.runAudit")}
          </Link>
        </div>
      </section>
    </>
  );
}
