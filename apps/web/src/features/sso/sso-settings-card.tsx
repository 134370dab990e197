// Workspace settings → Single sign-on (owners): the identity provider (issuer, client ID and
// secret), the email domain, on/off, and whether members may still use a password. The redirect
// URI to register at the provider is shown with a copy button. The secret is never shown back.
import type { SsoSettings } from "@sitesnag/shared/sso";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { TextField } from "../../components/field";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { ApiError, errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { ProfileCard } from "../profile/profile-card";
import { useRemoveSso, useSaveSsoSettings, useSsoSettings } from "./api/sso-api";

export function SsoSettingsCard() {
  const t = useT();
  const settings = useSsoSettings(true);
  let body: React.ReactNode;
  if (settings.isPending) body = <LoadingState label={t("sso.settings.loading")} />;
  else if (settings.isError)
    body = (
      <ErrorState
        message={t("sso.settings.loadFailed")}
        retryLabel={t("common.tryAgain")}
        onRetry={() => settings.refetch()}
      />
    );
  else body = <SsoForm key={JSON.stringify(settings.data)} initial={settings.data} />;
  return <ProfileCard title={t("sso.settings.title")}>{body}</ProfileCard>;
}

function SsoForm({ initial }: { initial: SsoSettings }) {
  const t = useT();
  const save = useSaveSsoSettings();
  const remove = useRemoveSso();
  const [issuer, setIssuer] = useState(initial.issuer);
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientSecret, setClientSecret] = useState("");
  const [domain, setDomain] = useState(initial.domain);
  const [enabled, setEnabled] = useState(initial.configured ? initial.enabled : true);
  const [passwordSignIn, setPasswordSignIn] = useState(initial.passwordSignIn);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const fieldError = (field: string) =>
    save.error instanceof ApiError ? save.error.body?.details?.[field]?.[0] : undefined;

  // mutateAsync: the form is keyed by the saved settings and re-mounts when they arrive, so the
  // toast must not hang on this component's mutate callbacks.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        issuer,
        clientId,
        clientSecret: clientSecret || undefined,
        domain,
        enabled,
        passwordSignIn,
      });
      toast.success(t("sso.settings.saved"));
    } catch (error) {
      toast.error(errorMessage(error, t("sso.settings.failed")));
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(initial.redirectUri);
    toast.success(t("sso.settings.copied"));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4 text-sm text-slate-600">
      <p>{t("sso.settings.hint")}</p>
      <div>
        <p className="font-medium text-slate-900">{t("sso.settings.redirectUri")}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code className="break-all rounded bg-slate-100 px-2 py-1 text-slate-900">{initial.redirectUri}</code>
          <Button type="button" variant="secondary" onClick={copy}>
            {t("sso.settings.copy")}
          </Button>
        </div>
      </div>
      <TextField
        label={t("sso.settings.issuer")}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://login.microsoftonline.com/…/v2.0"
        value={issuer}
        onChange={(event) => setIssuer(event.target.value)}
        error={fieldError("issuer")}
      />
      <TextField
        label={t("sso.settings.clientId")}
        autoComplete="off"
        value={clientId}
        onChange={(event) => setClientId(event.target.value)}
        error={fieldError("clientId")}
      />
      <TextField
        label={t("sso.settings.clientSecret")}
        type="password"
        autoComplete="new-password"
        value={clientSecret}
        onChange={(event) => setClientSecret(event.target.value)}
        hint={initial.hasClientSecret ? t("sso.settings.secretKept") : undefined}
        error={fieldError("clientSecret")}
      />
      <TextField
        label={t("sso.settings.domain")}
        autoComplete="off"
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        hint={t("sso.settings.domainHint")}
        error={fieldError("domain")}
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <span className="min-w-0 font-medium text-slate-900">{t("sso.settings.enabled")}</span>
      </label>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={passwordSignIn}
          onChange={(event) => setPasswordSignIn(event.target.checked)}
        />
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{t("sso.settings.passwordSignIn")}</span>
          {t("sso.settings.passwordHint")}
        </span>
      </label>
      {initial.configured && <p>{t("sso.settings.linked", { count: initial.linkedMembers })}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={save.isPending}>
          {t("sso.settings.save")}
        </Button>
        {initial.configured && (
          <Button type="button" variant="danger" onClick={() => setConfirmRemove(true)}>
            {t("sso.settings.remove")}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={t("sso.settings.removeTitle")}
        message={t("sso.settings.removeBody")}
        confirmLabel={t("sso.settings.removeConfirm")}
        isPending={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
            setConfirmRemove(false);
            toast.success(t("sso.settings.removed"));
          } catch (error) {
            toast.error(errorMessage(error, t("sso.settings.failed")));
          }
        }}
      />
    </form>
  );
}
