import { ErrorState, LoadingState } from "../../../components/states";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useSystemSettings } from "../api/admin-api";

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

export function SettingsTab() {
  const settings = useSystemSettings();
  const t = useT();
  const locale = useLocale();
  useErrorToast(settings.error, t("admin.loadFailed"));
  if (settings.isPending) return <LoadingState label={t("admin.settings.loading")} />;
  if (settings.isError) {
    return (
      <ErrorState
        message={errorMessage(settings.error, t("admin.loadFailed"))}
        onRetry={() => settings.refetch()}
        retryLabel={t("common.tryAgain")}
      />
    );
  }
  const s = settings.data;
  return (
    <div className="grid max-w-4xl gap-5 lg:grid-cols-2">
      <section aria-labelledby="system-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="system-heading" className="text-lg font-semibold text-slate-900">
          {t("admin.settings.system")}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={t("admin.settings.version")} value={s.version} />
          <Row label={t("admin.settings.database")} value={s.database === "postgres" ? "PostgreSQL" : "SQLite"} />
          <Row
            label={t("admin.settings.storage")}
            value={s.storage === "s3" ? t("admin.settings.s3") : t("admin.settings.disk")}
          />
          <Row
            label={t("admin.settings.demo")}
            value={s.demoEnabled ? t("admin.settings.on") : t("admin.settings.off")}
          />
          <Row label="Node.js" value={s.nodeVersion} />
        </dl>
        <p className="mt-3 text-xs text-slate-500">{t("admin.settings.env")}</p>
      </section>
      <section aria-labelledby="counts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="counts-heading" className="text-lg font-semibold text-slate-900">
          {t("admin.settings.records")}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={t("admin.settings.users")} value={s.counts.users} />
          <Row label={t("admin.settings.workspaces")} value={s.counts.workspaces} />
          <Row label={t("shell.nav.projects")} value={s.counts.projects} />
          <Row label={t("shell.nav.snaggingReports")} value={s.counts.reports} />
          <Row label={t("admin.settings.photos")} value={s.counts.attachments} />
          <Row label={t("admin.settings.notifications")} value={s.counts.notifications} />
        </dl>
      </section>
      <section aria-labelledby="mail-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="mail-heading" className="text-lg font-semibold text-slate-900">
          {t("admin.settings.email")}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row
            label={t("admin.settings.sentThrough")}
            value={s.mail.transport === "smtp" ? t("admin.settings.smtp") : t("admin.settings.eml")}
          />
          <Row label={t("admin.settings.queued")} value={s.mail.queued} />
          <Row label={t("admin.settings.gaveUp")} value={s.mail.failed} />
        </dl>
        {s.mail.lastError ? (
          <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">
              {t("admin.settings.lastFailed")}
              {s.mail.lastErrorAt ? `, ${new Date(s.mail.lastErrorAt).toLocaleString(locale)}` : ""}
            </p>
            <p className="mt-1 break-words">{s.mail.lastError}</p>
          </div>
        ) : (
          <p className="mt-3 text-xs text-slate-500">{t("admin.settings.noFailure")}</p>
        )}
      </section>
    </div>
  );
}
