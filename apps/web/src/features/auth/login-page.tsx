import type { AuthResponse, Login } from "@sitesnag/shared/auth";
import { isMfaChallenge, type MfaChallenge } from "@sitesnag/shared/mfa-contract";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { AuthLayout } from "./auth-layout";

// The second step (issue 40) loads only when an account with a factor asks for it: /login's
// first load stays within its budget.
const MfaStep = lazy(() => import("./mfa-step").then((m) => ({ default: m.MfaStep })));
// "Continue with a passkey" and "Sign in with SSO": their own chunk, shown once the page is live.
const SignInAlternatives = lazy(() => import("./sign-in-alternatives"));

// Fetched with the first sign-in (with the API client and the offline cache it clears), not with
// the pre-rendered page: /login's first load budget.
const sessionApi = () => import("./api/session");

const resolver = lazyZodResolver<Login>(() => import("@sitesnag/shared/auth").then((m) => m.LoginSchema));

/**
 * Router-free, because /login is also pre-rendered and hydrated without the router. In the app,
 * SignedOutRoute moves a newly signed-in user to the dashboard; the pre-rendered page passes
 * `onSignedIn` to load it.
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: () => void }) {
  const { register, handleSubmit, formState } = useForm<Login>({ resolver });
  const isHydrated = useIsHydrated();
  const t = useT();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const signedIn = async (session: AuthResponse) => {
    const { storeSession } = await sessionApi();
    if (onSignedIn) {
      toast.flash("success", t("auth.signIn.success"));
      storeSession(session);
      onSignedIn();
    } else {
      toast.success(t("auth.signIn.success"));
      storeSession(session);
    }
  };
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await (await sessionApi()).loginRequest(values);
      if (isMfaChallenge(answer)) setChallenge(answer);
      else await signedIn(answer);
    } catch (error) {
      toast.error(errorMessage(error, t("auth.signIn.failed")));
    }
  });
  return (
    <AuthLayout
      title={t("auth.signIn.title")}
      subtitle={t("auth.signIn.subtitle")}
      alternative={{ prompt: t("auth.signIn.newHere"), to: "/signup", label: t("auth.signIn.createAccount") }}
    >
      {challenge ? (
        <Suspense fallback={null}>
          <MfaStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />
        </Suspense>
      ) : (
        /* method="post": a submit before hydration must never put the password in the URL. */
        <form method="post" noValidate onSubmit={submit} onFocus={resolver.preload} className="space-y-4">
          <TextField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={formState.errors.email?.message && sentence(formState.errors.email.message)}
            {...register("email")}
          />
          <TextField
            label={t("auth.password")}
            type="password"
            autoComplete="current-password"
            error={formState.errors.password?.message && sentence(formState.errors.password.message)}
            {...register("password")}
          />
          <p className="-mt-2 text-right text-sm">
            <AppLink to="/forgot-password" className="font-medium text-brand-700 underline">
              {t("auth.signIn.forgot")}
            </AppLink>
          </p>
          <Button type="submit" className="w-full" isLoading={formState.isSubmitting} disabled={!isHydrated}>
            {t("auth.signIn.submit")}
          </Button>
          {isHydrated && (
            <Suspense>
              <SignInAlternatives onSignedIn={signedIn} />
            </Suspense>
          )}
        </form>
      )}
    </AuthLayout>
  );
}
