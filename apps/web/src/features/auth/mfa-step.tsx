import type { AuthResponse } from "@sitesnag/shared/auth";
import type { MfaChallenge } from "@sitesnag/shared/mfa";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { verifyMfaRequest } from "./api/session";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * The second step of signing in (issue 40): a code from the authenticator app, or a recovery code.
 * Plain state, no form library: it ships inside the sign-in page's chunk.
 */
export function MfaStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: MfaChallenge;
  onSignedIn: (session: AuthResponse) => void;
  onBack: () => void;
}) {
  const t = useT();
  // An account with passkeys only types a recovery code here, if anything.
  const hasTotp = challenge.methods.includes("totp");
  const [useRecovery, setUseRecovery] = useState(!hasTotp);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("security.step.enterCode"));
      return;
    }
    setPending(true);
    try {
      onSignedIn(await verifyMfaRequest({ mfaToken: challenge.mfaToken, code }));
    } catch (err) {
      const message = errorMessage(err, t("security.step.failed"));
      setError(message);
      toast.error(message);
    } finally {
      setPending(false);
    }
  };
  const canUseRecovery = challenge.methods.includes("recovery");
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t("security.step.title")}</h2>
      <p className="text-sm text-slate-600">
        {t(useRecovery ? "security.step.recoveryHint" : "security.step.totpHint")}
      </p>
      <TextField
        key={useRecovery ? "recovery" : "totp"}
        label={t(useRecovery ? "security.step.recoveryLabel" : "security.step.codeLabel")}
        autoComplete="one-time-code"
        inputMode={useRecovery ? "text" : "numeric"}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" className="w-full" isLoading={pending}>
        {t("security.step.submit")}
      </Button>
      {challenge.methods.includes("passkey") && (
        <PasskeySignIn mfaToken={challenge.mfaToken} label={t("passkeys.step.use")} onSignedIn={onSignedIn} />
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {canUseRecovery && hasTotp && (
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode("");
              setError(undefined);
            }}
          >
            {t(useRecovery ? "security.step.useTotp" : "security.step.useRecovery")}
          </button>
        )}
        <button type="button" className="font-medium text-slate-600 underline" onClick={onBack}>
          {t("security.step.back")}
        </button>
      </div>
    </form>
  );
}
