import { type FormEvent, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";

/**
 * A fresh code (TOTP or recovery) asked before turning the factor off or replacing the codes; with
 * `onPasskey`, the account's passkey can confirm instead.
 */
export function CodeConfirm({
  hint,
  confirmLabel,
  isPending,
  onConfirm,
  onCancel,
  onPasskey,
}: {
  hint: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: (code: string, onError: (error: unknown) => void) => void;
  onCancel: () => void;
  onPasskey?: (onError: (error: unknown) => void) => void;
}) {
  const t = useT();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code, (err) => setError(errorMessage(err, t("security.step.failed"))));
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <p className="text-sm text-slate-600">{hint}</p>
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
        <Button type="submit" variant="danger" isLoading={isPending}>
          {confirmLabel}
        </Button>
        {onPasskey && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => onPasskey((err) => setError(errorMessage(err, t("passkeys.failed"))))}
          >
            {t("passkeys.confirmWithPasskey")}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("security.setup.cancel")}
        </Button>
      </div>
    </form>
  );
}
