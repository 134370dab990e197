// The project's Weekly report (issue 37): on or off, the day, hour and time zone it goes out in,
// who gets it (members of the workspace, and typed addresses such as the client), "Send me a
// preview" and "Send to recipients now", and when it last went out. The workspace owner changes
// it; everyone else sees it read-only.
import {
  DEFAULT_REPORT_TIME_ZONE,
  type ReportSchedule,
  type ReportScheduleInput,
  WEEKDAYS,
} from "@sitesnag/shared/weekly-report";
import { Mail, Plus, Send, X } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { ErrorState, LoadingState } from "../../../components/states";
import { sentence, useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTimeFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useAuthStore } from "../../../stores/auth-store";
import { useMembers } from "../../snagging/api/get-members";
import { useReportSchedule, useSaveReportSchedule, useSendReport } from "../api/weekly-report-api";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", DEFAULT_REPORT_TIME_ZONE, current, ...known])].sort();
}

/** Monday … Sunday in the app's language (2024-01-01 was a Monday). */
const weekdayName = (locale: string, day: number) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));

const hourLabel = (locale: string, hour: number) =>
  new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1, hour)),
  );

const draftOf = (s: ReportSchedule): ReportScheduleInput => ({
  enabled: s.enabled,
  dayOfWeek: s.dayOfWeek,
  hour: s.hour,
  timeZone: s.timeZone,
  memberIds: s.memberIds,
  emails: s.emails,
});

function ScheduleForm({ projectId, saved }: { projectId: string; saved: ReportSchedule }) {
  const t = useT();
  const locale = useLocale();
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const members = useMembers();
  const save = useSaveReportSchedule(projectId);
  const send = useSendReport(projectId);
  const [draft, setDraft] = useState<ReportScheduleInput>(() => draftOf(saved));
  const [address, setAddress] = useState("");
  const [addressError, setAddressError] = useState<string | undefined>();
  const readOnly = !isOwner;
  const set = (patch: Partial<ReportScheduleInput>) => setDraft((d) => ({ ...d, ...patch }));
  const addAddress = () => {
    const email = address.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) {
      setAddressError(sentence("Invalid email address"));
      return;
    }
    setAddressError(undefined);
    setAddress("");
    if (!draft.emails.includes(email)) set({ emails: [...draft.emails, email] });
  };
  const people = members.data ?? saved.members.map((m) => ({ ...m, firstName: m.name, lastName: "" }));
  const sendNow = (to: "me" | "recipients") =>
    send.mutate(to, {
      onSuccess: (sent) =>
        toast.success(to === "me" ? t("weeklyReport.previewSent") : t("weeklyReport.sent", { count: sent.queued })),
      onError: (error) => toast.error(errorMessage(error, t("weeklyReport.sendFailed"))),
    });

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label={t("weeklyReport.title")}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft, {
          onSuccess: (next) => {
            setDraft(draftOf(next));
            toast.success(t("weeklyReport.saved"));
          },
          onError: (error) => toast.error(errorMessage(error, t("weeklyReport.saveFailed"))),
        });
      }}
    >
      {readOnly && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("weeklyReport.readOnly")}</p>}
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={draft.enabled}
          disabled={readOnly}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        <span className="text-sm font-medium text-slate-900">{t("weeklyReport.enabled")}</span>
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t("weeklyReport.day")}
          value={draft.dayOfWeek}
          disabled={readOnly}
          onChange={(e) => set({ dayOfWeek: Number(e.target.value) })}
        >
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {weekdayName(locale, day)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("weeklyReport.hour")}
          value={draft.hour}
          disabled={readOnly}
          onChange={(e) => set({ hour: Number(e.target.value) })}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(locale, hour)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("weeklyReport.timeZone")}
          value={draft.timeZone}
          disabled={readOnly}
          onChange={(e) => set({ timeZone: e.target.value })}
        >
          {timeZones(draft.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t("weeklyReport.members")}</legend>
        {people.length === 0 && <p className="text-sm text-slate-600">{t("weeklyReport.noMembers")}</p>}
        <ul className="grid gap-1 sm:grid-cols-2">
          {people.map((m) => (
            <li key={m.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={draft.memberIds.includes(m.id)}
                  disabled={readOnly}
                  onChange={(e) =>
                    set({
                      memberIds: e.target.checked
                        ? [...draft.memberIds, m.id]
                        : draft.memberIds.filter((id) => id !== m.id),
                    })
                  }
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">{`${m.firstName} ${m.lastName}`.trim()}</span>
                  <span className="block truncate text-slate-600">{m.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t("weeklyReport.others")}</legend>
        <p className="text-xs text-slate-600">{t("weeklyReport.othersHint")}</p>
        {draft.emails.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {draft.emails.map((email) => (
              <li
                key={email}
                className="flex min-h-11 items-center gap-1 rounded-full bg-slate-100 ps-3 pe-1 text-sm text-slate-800"
              >
                <Mail aria-hidden className="size-4 text-slate-500" />
                <span className="break-all">{email}</span>
                {!readOnly && (
                  <button
                    type="button"
                    className="grid size-9 place-items-center rounded-full hover:bg-slate-200"
                    aria-label={t("weeklyReport.remove", { email })}
                    onClick={() => set({ emails: draft.emails.filter((e) => e !== email) })}
                  >
                    <X aria-hidden className="size-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!readOnly && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="flex-1">
              <TextField
                label={t("weeklyReport.address")}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={address}
                error={addressError}
                onChange={(e) => setAddress(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    addAddress();
                  }
                }}
              />
            </div>
            <Button type="button" variant="secondary" className="sm:mt-6" onClick={addAddress}>
              <Plus aria-hidden className="size-4" />
              {t("weeklyReport.add")}
            </Button>
          </div>
        )}
      </fieldset>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">{t("weeklyReport.lastSent")}</dt>
          <dd className="text-slate-900">
            {saved.lastSentAt === null ? t("weeklyReport.never") : formatDateTimeFor(locale, saved.lastSentAt)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t("weeklyReport.next")}</dt>
          <dd className="text-slate-900">
            {saved.nextAt === null ? t("weeklyReport.off") : formatDateTimeFor(locale, saved.nextAt)}
          </dd>
        </div>
      </dl>
      {!readOnly && (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap">
          <Button type="submit" isLoading={save.isPending}>
            {t("weeklyReport.save")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            isLoading={send.isPending && send.variables === "me"}
            disabled={send.isPending}
            onClick={() => sendNow("me")}
          >
            <Mail aria-hidden className="size-4" />
            {t("weeklyReport.preview")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            isLoading={send.isPending && send.variables === "recipients"}
            disabled={send.isPending || saved.memberIds.length + saved.emails.length === 0}
            onClick={() => sendNow("recipients")}
          >
            <Send aria-hidden className="size-4" />
            {t("weeklyReport.sendNow")}
          </Button>
        </div>
      )}
      {!readOnly && <p className="text-xs text-slate-600">{t("weeklyReport.sendHint")}</p>}
    </form>
  );
}

export function WeeklyReportTab({ projectId }: { projectId: string }) {
  const t = useT();
  const schedule = useReportSchedule(projectId);
  return (
    <section className="mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("weeklyReport.title")}</h2>
      <p className="mb-4 text-sm text-slate-600">{t("weeklyReport.about")}</p>
      {schedule.isPending ? (
        <LoadingState label={t("weeklyReport.loading")} />
      ) : schedule.isError && !schedule.data ? (
        <ErrorState
          message={t("weeklyReport.loadFailed")}
          onRetry={() => schedule.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : (
        <ScheduleForm projectId={projectId} saved={schedule.data} />
      )}
    </section>
  );
}
