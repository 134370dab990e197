// New API token: a name, its access and an optional expiry; then the secret, shown this once with
// a Copy button and a warning. Closing the dialog forgets the secret for good.
import { type ApiTokenCreated, type ApiTokenScopes, MAX_API_TOKEN_NAME } from "@sitesnag/shared/api-tokens";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { SecretOnce } from "../../../components/secret-once";
import { useT } from "../../../i18n/use-t";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateApiToken } from "../api/api-tokens-api";

/** The end of the chosen day in the browser's time zone, as epoch seconds; undefined when empty. */
const endOfDay = (value: string): number | undefined =>
  value ? Math.floor(new Date(`${value}T23:59:59`).getTime() / 1000) : undefined;

export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={created ? t("workspace.tokens.created.title") : t("workspace.tokens.create.title")}
      onClose={close}
      closeLabel={t("common.close")}
    >
      {created ? (
        <SecretOnce
          secret={created.secret}
          words={{
            warning: t("workspace.tokens.created.warning"),
            label: t("workspace.tokens.secretLabel", { name: created.token.name }),
            copy: t("workspace.tokens.copy"),
            copied: t("workspace.tokens.copied"),
            copyFailed: t("workspace.tokens.copyFailed"),
            done: t("workspace.tokens.done"),
          }}
          onDone={close}
        />
      ) : (
        <TokenForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function TokenForm({ onCreated, onCancel }: { onCreated: (c: ApiTokenCreated) => void; onCancel: () => void }) {
  const t = useT();
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiTokenScopes>("read");
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = endOfDay(expiry);
    create.mutate(
      { name, scopes, ...(expiresAt ? { expiresAt } : {}) },
      {
        onSuccess: (answer) => {
          setErrors({});
          onCreated(answer);
        },
        onError: (err) => {
          const details = err instanceof ApiError ? err.body?.details : undefined;
          if (details && Object.keys(details).length > 0) {
            setErrors(Object.fromEntries(Object.entries(details).map(([field, messages]) => [field, messages[0]])));
          } else {
            toast.error(errorMessage(err, t("workspace.tokens.createFailed")));
          }
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t("workspace.tokens.name")}
        hint={t("workspace.tokens.name.hint")}
        value={name}
        maxLength={MAX_API_TOKEN_NAME}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label={t("workspace.tokens.scopes")}
        value={scopes}
        error={errors.scopes}
        onChange={(e) => setScopes(e.target.value as ApiTokenScopes)}
      >
        <option value="read">{t("workspace.tokens.scope.read")}</option>
        <option value="read write">{t("workspace.tokens.scope.readWrite")}</option>
      </SelectField>
      <TextField
        label={t("workspace.tokens.expiry")}
        hint={t("workspace.tokens.expiry.hint")}
        type="date"
        value={expiry}
        error={errors.expiresAt}
        onChange={(e) => setExpiry(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          {t("workspace.tokens.create")}
        </Button>
      </div>
    </form>
  );
}
