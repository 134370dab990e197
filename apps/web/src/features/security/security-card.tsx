import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { toast } from "../../lib/toast";
import { ProfileCard } from "../profile/profile-card";
import { useDisableTotp, useMfaStatus, useRegenerateCodes, useRegenerateCodesWithPasskey } from "./api/security-api";
import { CodeConfirm } from "./code-confirm";
import { RecoveryCodes } from "./recovery-codes";
import { TotpSetup } from "./totp-setup";

type Mode = "idle" | "setup" | "off" | "codes";

/** Profile → Two-factor authentication: set up, move to a new phone, new recovery codes, turn off. */
export function SecurityCard() {
  const t = useT();
  const status = useMfaStatus();
  const disable = useDisableTotp();
  const regenerate = useRegenerateCodes();
  const regenerateWithPasskey = useRegenerateCodesWithPasskey();
  const [mode, setMode] = useState<Mode>("idle");
  const [codes, setCodes] = useState<string[]>();
  const idle = () => setMode("idle");

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
  else if (mode === "setup")
    body = (
      <TotpSetup
        onCancel={idle}
        onDone={() => {
          toast.success(t("security.setup.done"));
          idle();
        }}
      />
    );
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  else if (mode === "off")
    body = (
      <CodeConfirm
        hint={t("security.confirm.offHint")}
        confirmLabel={t("security.card.turnOff")}
        isPending={disable.isPending}
        onCancel={idle}
        onConfirm={(code, onError) =>
          disable.mutate(code, {
            onSuccess: () => {
              toast.success(t("security.off.done"));
              idle();
            },
            onError,
          })
        }
      />
    );
  else if (mode === "codes")
    body = (
      <CodeConfirm
        hint={t("security.confirm.codesHint")}
        confirmLabel={t("security.card.regenerate")}
        isPending={regenerate.isPending || regenerateWithPasskey.isPending}
        onCancel={idle}
        onPasskey={
          status.data?.passkeys.length
            ? (onError) =>
                regenerateWithPasskey.mutate(undefined, {
                  onSuccess: (answer) => {
                    setCodes(answer.recoveryCodes);
                    idle();
                  },
                  onError,
                })
            : undefined
        }
        onConfirm={(code, onError) =>
          regenerate.mutate(code, {
            onSuccess: (answer) => {
              setCodes(answer.recoveryCodes);
              idle();
            },
            onError,
          })
        }
      />
    );
  else {
    const { totp, passkeys, recoveryCodesLeft, required } = status.data;
    // Recovery codes belong to the account's factors, an authenticator app or passkeys.
    const hasFactor = totp.enabled || passkeys.length > 0;
    body = (
      <div className="space-y-3 text-sm text-slate-600">
        <p>{t(totp.enabled ? "security.card.on" : passkeys.length > 0 ? "passkeys.totpOff" : "security.card.off")}</p>
        {required && <p className="font-medium text-slate-800">{t("security.card.required")}</p>}
        {hasFactor && <p>{t("security.card.codesLeft", { count: recoveryCodesLeft })}</p>}
        <div className="flex flex-wrap gap-2">
          <Button variant={totp.enabled ? "secondary" : "primary"} onClick={() => setMode("setup")}>
            {t(totp.enabled ? "security.card.replace" : "security.card.setUp")}
          </Button>
          {hasFactor && (
            <Button variant="secondary" onClick={() => setMode("codes")}>
              {t("security.card.regenerate")}
            </Button>
          )}
          {totp.enabled && (!required || passkeys.length > 0) && (
            <Button variant="danger" onClick={() => setMode("off")}>
              {t("security.card.turnOff")}
            </Button>
          )}
        </div>
        <p>
          <Link to="/app/security-log" className="font-medium text-brand-700 underline">
            {t("security.log.open")}
          </Link>
        </p>
      </div>
    );
  }
  return <ProfileCard title={t("security.card.title")}>{body}</ProfileCard>;
}
