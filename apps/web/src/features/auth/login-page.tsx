import type { Login } from "@sitesnag/shared/auth";
import { useForm } from "react-hook-form";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useIsHydrated } from "../../lib/use-is-hydrated";
import { loginRequest, storeSession } from "./api/session";
import { AuthLayout } from "./auth-layout";

const resolver = lazyZodResolver<Login>(() => import("@sitesnag/shared/auth").then((m) => m.LoginSchema));

/**
 * Router-free, because /login is also pre-rendered and hydrated without the router. In the app,
 * SignedOutRoute moves a newly signed-in user to the dashboard; the pre-rendered page passes
 * `onSignedIn` to load it.
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: () => void }) {
  const { register, handleSubmit, formState } = useForm<Login>({ resolver });
  const isHydrated = useIsHydrated();
  const submit = handleSubmit(async (values) => {
    try {
      const session = await loginRequest(values);
      if (onSignedIn) {
        toast.flash("success", "Login successful!");
        storeSession(session);
        onSignedIn();
      } else {
        toast.success("Login successful!");
        storeSession(session);
      }
    } catch (error) {
      toast.error(errorMessage(error, "Login failed"));
    }
  });
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to your site workspace."
      alternative={{ prompt: "New to SiteSnag?", to: "/signup", label: "Create an account" }}
    >
      {/* method="post": a submit before hydration must never put the password in the URL. */}
      <form method="post" noValidate onSubmit={submit} onFocus={resolver.preload} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password")}
        />
        <p className="-mt-2 text-right text-sm">
          <AppLink to="/forgot-password" className="font-medium text-brand-700 underline">
            Forgot password?
          </AppLink>
        </p>
        <Button type="submit" className="w-full" isLoading={formState.isSubmitting} disabled={!isHydrated}>
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
