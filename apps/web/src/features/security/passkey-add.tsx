import { PASSKEY_NAME_MAX } from "@sitesnag/shared/mfa";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { mfaKey, registerPasskey } from "./api/security-api";
import { isCancelled, passkeysSupported } from "./passkey-browser";
import { RecoveryCodes } from "./recovery-codes";

/**
 * Adding a passkey: a name, then the browser's own dialog (fingerprint, face, screen lock); the
 * account's first factor brings its ten recovery codes, shown once.
 */
export function PasskeyAdd({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const client = useQueryClient();

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!passkeysSupported())
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("passkeys.unsupported")}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await registerPasskey(name);
      void client.invalidateQueries({ queryKey: mfaKey });
      if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
      else onDone();
    } catch (err) {
      setError(isCancelled(err) ? t("passkeys.cancelled") : errorMessage(err, t("passkeys.failed")));
    } finally {
      setPending(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <TextField
        label={t("passkeys.name")}
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={pending}>
          {t("passkeys.create")}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("security.setup.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
