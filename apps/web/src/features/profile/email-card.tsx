import { type MailMode, type MailPreferences, NOTIFICATION_MAIL_KINDS } from "@sitesnag/shared/notification-mail";
import { useState } from "react";
import { Button } from "../../components/button";
import { ErrorState, LoadingState } from "../../components/states";
import type { Message } from "../../i18n/i18n";
import { msg, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences-api";
import { ProfileCard } from "./profile-card";

const MODE_LABELS: Record<MailMode, Message> = {
  instant: msg("auth.mail.mode.instant"),
  digest: msg("auth.mail.mode.digest"),
  off: msg("auth.mail.mode.off"),
};

/** The words of each kind (NOTIFICATION_MAIL_KINDS keeps the English the server's mail uses). */
const KIND_WORDS: Record<string, readonly [Message, Message]> = {
  assigned: [msg("auth.mail.assigned"), msg("auth.mail.assigned.about")],
  status: [msg("auth.mail.status"), msg("auth.mail.status.about")],
  mention: [msg("auth.mail.mention"), msg("auth.mail.mention.about")],
  fix_awaiting_verification: [msg("auth.mail.fixAwaiting"), msg("auth.mail.fixAwaiting.about")],
  fix_accepted: [msg("auth.mail.fixAccepted"), msg("auth.mail.fixAccepted.about")],
  fix_rejected: [msg("auth.mail.fixRejected"), msg("auth.mail.fixRejected.about")],
  due: [msg("auth.mail.due"), msg("auth.mail.due.about")],
};

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, browserTimeZone(), ...known])].sort();
}

function EmailForm({ saved }: { saved: MailPreferences }) {
  const [draft, setDraft] = useState<MailPreferences>(saved);
  const save = useSaveMailPreferences();
  const browserZone = browserTimeZone();
  const t = useT();
  const setMode = (kind: string, mode: MailMode) =>
    setDraft((d) => ({ ...d, preferences: { ...d.preferences, [kind]: mode } }));
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft, {
          onSuccess: (next) => {
            setDraft(next);
            toast.success(t("auth.mail.saved"));
          },
          onError: (error) => toast.error(errorMessage(error, t("auth.mail.saveFailed"))),
        });
      }}
    >
      {NOTIFICATION_MAIL_KINDS.map((kind) => {
        const words = KIND_WORDS[kind.kind];
        return (
          <fieldset key={kind.kind}>
            <legend className="text-sm font-semibold text-slate-900">{words ? t(words[0]) : kind.label}</legend>
            <p className="text-xs text-slate-600">{words ? t(words[1]) : kind.description}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {kind.modes.map((mode) => (
                <label
                  key={mode}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={`mail-${kind.kind}`}
                    value={mode}
                    checked={(draft.preferences[kind.kind] ?? kind.defaultMode) === mode}
                    onChange={() => setMode(kind.kind, mode)}
                  />
                  {t(MODE_LABELS[mode])}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div>
        <label htmlFor="mail-time-zone" className="block text-sm font-semibold text-slate-900">
          {t("auth.mail.timeZone")}
        </label>
        <select
          id="mail-time-zone"
          value={draft.timeZone}
          onChange={(event) => setDraft((d) => ({ ...d, timeZone: event.target.value }))}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {timeZones(draft.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {draft.timeZone !== browserZone && (
          <button
            type="button"
            className="mt-1 text-xs font-medium text-brand-700 underline"
            onClick={() => setDraft((d) => ({ ...d, timeZone: browserZone }))}
          >
            {t("auth.mail.deviceZone", { zone: browserZone })}
          </button>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending}>
          {t("auth.mail.save")}
        </Button>
      </div>
    </form>
  );
}

/** Notification mail per kind: instant, in the daily digest, or off; and the digest's time zone. */
export function EmailCard() {
  const preferences = useMailPreferences();
  const t = useT();
  return (
    <ProfileCard title={t("auth.mail.title")}>
      {preferences.isPending ? (
        <LoadingState label={t("auth.mail.loading")} />
      ) : preferences.isError ? (
        <ErrorState
          message={errorMessage(preferences.error, t("auth.mail.loadFailed"))}
          onRetry={() => preferences.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : (
        <EmailForm saved={preferences.data} />
      )}
    </ProfileCard>
  );
}
