import type { TotpSetup as Setup } from "@sitesnag/shared/mfa";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { fetchTotpQr, startTotpSetup, useConfirmTotp } from "./api/security-api";
import { RecoveryCodes } from "./recovery-codes";

/**
 * Setting up an authenticator app: a new secret from the server, its QR code (an SVG the server
 * draws) and the key for typing by hand, then the first code, then the ten recovery codes.
 */
export function TotpSetup({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useT();
  const [setup, setSetup] = useState<Setup>();
  const [qr, setQr] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const confirm = useConfirmTotp();

  useEffect(() => {
    let live = true;
    startTotpSetup()
      .then(async (started) => {
        if (!live) return;
        setSetup(started);
        const svg = await fetchTotpQr();
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((err: unknown) => live && setFailed(errorMessage(err, t("security.setup.failed"))));
    return () => {
      live = false;
    };
  }, [t]);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {failed}
      </p>
    );
  if (!setup) return <LoadingState label={t("security.loading")} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: (answer) => setCodes(answer.recoveryCodes),
      onError: (err) => setError(errorMessage(err, t("security.step.failed"))),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">{t("security.setup.scan")}</p>
      {qr && <img src={qr} alt={t("security.setup.qrAlt")} width={192} height={192} className="size-48 bg-white" />}
      <p className="text-sm">
        <span className="font-medium text-slate-900">{t("security.setup.key")}: </span>
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
          {setup.secret}
        </code>
      </p>
      <TextField
        label={t("security.setup.codeLabel")}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={confirm.isPending}>
          {t("security.setup.confirm")}
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
