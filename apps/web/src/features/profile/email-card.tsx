import {
  MAIL_MODE_LABELS,
  type MailMode,
  type MailPreferences,
  NOTIFICATION_MAIL_KINDS,
} from "@sitesnag/shared/notification-mail";
import { useState } from "react";
import { Button } from "../../components/button";
import { ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useMailPreferences, useSaveMailPreferences } from "./api/mail-preferences-api";
import { ProfileCard } from "./profile-card";

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, browserTimeZone(), ...known])].sort();
}

function EmailForm({ saved }: { saved: MailPreferences }) {
  const [draft, setDraft] = useState<MailPreferences>(saved);
  const save = useSaveMailPreferences();
  const browserZone = browserTimeZone();
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
            toast.success("Email settings saved");
          },
          onError: (error) => toast.error(errorMessage(error, "Failed to save email settings")),
        });
      }}
    >
      {NOTIFICATION_MAIL_KINDS.map((kind) => (
        <fieldset key={kind.kind}>
          <legend className="text-sm font-semibold text-slate-900">{kind.label}</legend>
          <p className="text-xs text-slate-600">{kind.description}</p>
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
                {MAIL_MODE_LABELS[mode]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div>
        <label htmlFor="mail-time-zone" className="block text-sm font-semibold text-slate-900">
          Time zone for the daily digest
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
            Use this device's time zone ({browserZone})
          </button>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending}>
          Save email settings
        </Button>
      </div>
    </form>
  );
}

/** Notification mail per kind: instant, in the daily digest, or off; and the digest's time zone. */
export function EmailCard() {
  const preferences = useMailPreferences();
  return (
    <ProfileCard title="Email notifications">
      {preferences.isPending ? (
        <LoadingState label="Loading email settings…" />
      ) : preferences.isError ? (
        <ErrorState
          message={errorMessage(preferences.error, "Failed to load email settings")}
          onRetry={() => preferences.refetch()}
        />
      ) : (
        <EmailForm saved={preferences.data} />
      )}
    </ProfileCard>
  );
}
