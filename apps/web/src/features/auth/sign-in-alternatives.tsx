import type { AuthResponse } from "@sitesnag/shared/auth";
import { AppLink } from "../../components/app-link";
import { useT } from "../../i18n/use-t";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * The other ways in under the password form (issue 40): a passkey (decision 0077) and the
 * workspace's single sign-on (decision 0078). One chunk, loaded once /login is live, so the
 * pre-rendered page's first load stays within its budget.
 */
export default function SignInAlternatives({ onSignedIn }: { onSignedIn: (session: AuthResponse) => void }) {
  const t = useT();
  return (
    <>
      <PasskeySignIn onSignedIn={onSignedIn} />
      <AppLink
        to="/login/sso"
        className="block w-full rounded-lg border border-slate-300 px-4 py-2.5 text-center font-medium text-slate-800 hover:bg-slate-50"
      >
        {t("sso.signInWithSso")}
      </AppLink>
    </>
  );
}
