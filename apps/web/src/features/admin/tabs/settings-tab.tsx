import { ErrorState, LoadingState } from "../../../components/states";
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
  useErrorToast(settings.error, "Failed to load admin data");
  if (settings.isPending) return <LoadingState label="Loading settings…" />;
  if (settings.isError) {
    return (
      <ErrorState
        message={errorMessage(settings.error, "Failed to load admin data")}
        onRetry={() => settings.refetch()}
      />
    );
  }
  const s = settings.data;
  return (
    <div className="grid max-w-4xl gap-5 lg:grid-cols-2">
      <section aria-labelledby="system-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="system-heading" className="text-lg font-semibold text-slate-900">
          System
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label="Version" value={s.version} />
          <Row label="Database" value={s.database === "postgres" ? "PostgreSQL" : "SQLite"} />
          <Row label="File storage" value={s.storage === "s3" ? "S3-compatible object storage" : "Local disk"} />
          <Row label="Public demo" value={s.demoEnabled ? "On" : "Off"} />
          <Row label="Node.js" value={s.nodeVersion} />
        </dl>
        <p className="mt-3 text-xs text-slate-500">Set through environment variables at start-up (see the README).</p>
      </section>
      <section aria-labelledby="counts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="counts-heading" className="text-lg font-semibold text-slate-900">
          Stored records
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label="Users" value={s.counts.users} />
          <Row label="Workspaces" value={s.counts.workspaces} />
          <Row label="Projects" value={s.counts.projects} />
          <Row label="Snagging reports" value={s.counts.reports} />
          <Row label="Photos" value={s.counts.attachments} />
          <Row label="Notifications" value={s.counts.notifications} />
        </dl>
      </section>
      <section aria-labelledby="mail-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="mail-heading" className="text-lg font-semibold text-slate-900">
          Email
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row
            label="Sent through"
            value={s.mail.transport === "smtp" ? "SMTP server (SMTP_URL)" : ".eml files in DATA_DIR/mail"}
          />
          <Row label="Waiting to be sent" value={s.mail.queued} />
          <Row label="Given up after 3 days" value={s.mail.failed} />
        </dl>
        {s.mail.lastError ? (
          <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">
              Last failed attempt{s.mail.lastErrorAt ? `, ${new Date(s.mail.lastErrorAt).toLocaleString()}` : ""}
            </p>
            <p className="mt-1 break-words">{s.mail.lastError}</p>
          </div>
        ) : (
          <p className="mt-3 text-xs text-slate-500">No failed attempt on record.</p>
        )}
      </section>
    </div>
  );
}
