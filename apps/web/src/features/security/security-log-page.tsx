// The security log (issue 40): your own entries, or with ?workspace=1 an owner's view of the
// whole workspace; filtered by event and dates, exported as CSV with the same filters.
import { SECURITY_EVENT_TYPES, type SecurityEventType, type SecurityLogEntry } from "@sitesnag/shared/security-log";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import type { Message } from "../../i18n/i18n";
import { msg, useLocale, useT } from "../../i18n/use-t";
import { apiFetch, errorMessage } from "../../lib/api-client";
import { formatDateTimeFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { type LogFilters, logQuery, useSecurityLog } from "./api/security-api";

const EVENTS: Record<SecurityEventType, Message> = {
  "sign-in": msg("security.event.sign-in"),
  "sign-in-failed": msg("security.event.sign-in-failed"),
  "mfa-failed": msg("security.event.mfa-failed"),
  "factor-added": msg("security.event.factor-added"),
  "factor-removed": msg("security.event.factor-removed"),
  "recovery-code-used": msg("security.event.recovery-code-used"),
  "recovery-codes-regenerated": msg("security.event.recovery-codes-regenerated"),
  "password-changed": msg("security.event.password-changed"),
  "password-reset": msg("security.event.password-reset"),
  "session-ended": msg("security.event.session-ended"),
  "member-added": msg("security.event.member-added"),
  "member-removed": msg("security.event.member-removed"),
  "member-role-changed": msg("security.event.member-role-changed"),
  "mfa-policy-changed": msg("security.event.mfa-policy-changed"),
  "passkey-added": msg("security.event.passkey-added"),
  "passkey-removed": msg("security.event.passkey-removed"),
  "sso-settings-changed": msg("security.event.sso-settings-changed"),
  "sso-refused": msg("security.event.sso-refused"),
  "webhook-created": msg("security.event.webhook-created"),
  "webhook-deleted": msg("security.event.webhook-deleted"),
  "api-token-created": msg("security.event.api-token-created"),
  "api-token-revoked": msg("security.event.api-token-revoked"),
};
const eventId = (type: SecurityEventType): Message => EVENTS[type];

export function SecurityLogPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const workspace = params.get("workspace") === "1";
  const [filters, setFilters] = useState<LogFilters>({ workspace, type: "", from: "", to: "" });
  const active = { ...filters, workspace };
  const log = useSecurityLog(active);
  const set = (patch: Partial<LogFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const exportCsv = async () => {
    try {
      const blob = await (await apiFetch(`/security-log/export${logQuery(active)}`)).blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = "security-log.csv";
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      toast.error(errorMessage(err, t("security.log.exportFailed")));
    }
  };

  const entries: SecurityLogEntry[] = log.data?.pages.flatMap((p) => p.entries) ?? [];
  let body: React.ReactNode;
  if (log.isPending) body = <LoadingState label={t("security.loading")} />;
  else if (log.isError)
    body = (
      <ErrorState
        message={errorMessage(log.error, t("security.log.failed"))}
        retryLabel={t("security.retry")}
        onRetry={() => log.refetch()}
      />
    );
  else if (entries.length === 0) body = <EmptyState title={t("security.log.empty")} />;
  else
    body = (
      <ul
        aria-label={t("security.log.title")}
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="px-4 py-3 text-sm">
            <p className="font-medium text-slate-900">{t(eventId(entry.type))}</p>
            <p className="text-slate-600">
              <time dateTime={new Date(entry.at * 1000).toISOString()}>{formatDateTimeFor(locale, entry.at)}</time>
              {entry.ip ? ` · ${t("security.log.address", { ip: entry.ip })}` : ""}
            </p>
            {entry.userAgent && <p className="truncate text-xs text-slate-500">{entry.userAgent}</p>}
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <PageHeader
        title={t(workspace ? "security.log.workspaceTitle" : "security.log.title")}
        actions={
          <Button variant="secondary" onClick={exportCsv}>
            {t("security.log.export")}
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t("security.log.type")}
          value={filters.type}
          onChange={(e) => set({ type: e.target.value })}
        >
          <option value="">{t("security.log.allTypes")}</option>
          {SECURITY_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(eventId(type))}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("security.log.from")}
          type="date"
          value={filters.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label={t("security.log.to")}
          type="date"
          value={filters.to}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      {body}
      {log.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" isLoading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            {t("security.log.more")}
          </Button>
        </div>
      )}
    </>
  );
}
