import type { AuthResponse } from "@sitesnag/shared/auth";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/button";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { isCancelled } from "../security/passkey-browser";

/**
 * "Continue with a passkey" (decision 0077): passwordless with a passkey the browser offers, or,
 * given the step token, the second step after a password. Its own chunk, loaded after /login
 * shows (first-load budget); the WebAuthn library loads on the click.
 */
export function PasskeySignIn({
  mfaToken,
  label,
  onSignedIn,
}: {
  mfaToken?: string;
  label?: string;
  onSignedIn: (session: AuthResponse) => void;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  if (typeof window.PublicKeyCredential !== "function") return null;
  const start = async () => {
    setPending(true);
    setError(undefined);
    try {
      const { signInWithPasskey } = await import("./api/passkey-sign-in");
      onSignedIn(await signInWithPasskey(mfaToken));
    } catch (err) {
      const message = isCancelled(err) ? t("passkeys.cancelled") : errorMessage(err, t("passkeys.failed"));
      setError(message);
      toast.error(message);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" className="w-full" isLoading={pending} onClick={start}>
        <KeyRound aria-hidden className="size-4" />
        {label ?? t("passkeys.signIn")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default PasskeySignIn;
