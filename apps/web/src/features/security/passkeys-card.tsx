import type { PasskeyInfo } from "@sitesnag/shared/mfa";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { ProfileCard } from "../profile/profile-card";
import { useMfaStatus, useRemovePasskey } from "./api/security-api";
import { PasskeyAdd } from "./passkey-add";
import { isCancelled } from "./passkey-browser";

/** Profile → Passkeys: the account's passkeys (added, last used), add one, remove one with a fresh factor. */
export function PasskeysCard() {
  const t = useT();
  const locale = useLocale();
  const status = useMfaStatus();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);

  let body: React.ReactNode;
  if (status.isPending) body = <LoadingState label={t("security.loading")} />;
  else if (status.isError)
    body = (
      <ErrorState
        message={t("security.card.loadFailed")}
        retryLabel={t("security.retry")}
        onRetry={() => status.refetch()}
      />
    );
  else if (adding)
    body = (
      <PasskeyAdd
        onCancel={() => setAdding(false)}
        onDone={() => {
          toast.success(t("passkeys.added"));
          setAdding(false);
        }}
      />
    );
  else if (removing) body = <RemovePasskey passkey={removing} onClose={() => setRemoving(null)} />;
  else {
    const { passkeys } = status.data;
    body = (
      <div className="space-y-3 text-sm text-slate-600">
        <p>{t("passkeys.intro")}</p>
        {passkeys.length === 0 ? (
          <p className="font-medium text-slate-800">{t("passkeys.none")}</p>
        ) : (
          <ul aria-label={t("passkeys.list")} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-500">
                    {t("passkeys.addedOn", { date: formatDateFor(locale, passkey.createdAt) })}
                    {" · "}
                    {passkey.lastUsedAt === null
                      ? t("passkeys.neverUsed")
                      : t("passkeys.lastUsed", { date: formatDateFor(locale, passkey.lastUsedAt) })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => setRemoving(passkey)}
                  aria-label={t("passkeys.removeLabel", { name: passkey.name })}
                >
                  {t("passkeys.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button variant={passkeys.length === 0 ? "primary" : "secondary"} onClick={() => setAdding(true)}>
          {t("passkeys.add")}
        </Button>
      </div>
    );
  }
  return <ProfileCard title={t("passkeys.title")}>{body}</ProfileCard>;
}

/** Removing a passkey asks for a fresh factor first: a code (app or recovery) or a passkey. */
function RemovePasskey({ passkey, onClose }: { passkey: PasskeyInfo; onClose: () => void }) {
  const t = useT();
  const remove = useRemovePasskey();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const done = () => {
    toast.success(t("passkeys.removed"));
    onClose();
  };
  const fail = (err: unknown) =>
    setError(isCancelled(err) ? t("passkeys.cancelled") : errorMessage(err, t("passkeys.failed")));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ id: passkey.id, code }, { onSuccess: done, onError: fail });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <h3 className="font-semibold text-slate-900">{t("passkeys.removeLabel", { name: passkey.name })}</h3>
      <p className="text-sm text-slate-600">{t("passkeys.removeHint")}</p>
      <TextField
        label={t("security.confirm.label")}
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" isLoading={remove.isPending && !remove.variables?.withPasskey}>
          {t("passkeys.remove")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          isLoading={remove.isPending && remove.variables?.withPasskey === true}
          onClick={() => remove.mutate({ id: passkey.id, withPasskey: true }, { onSuccess: done, onError: fail })}
        >
          {t("passkeys.confirmWithPasskey")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("security.setup.cancel")}
        </Button>
      </div>
    </form>
  );
}
