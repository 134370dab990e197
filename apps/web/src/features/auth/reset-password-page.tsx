import { isMfaChallenge } from "@sitesnag/shared/mfa-contract";
import type { ResetPasswordForm } from "@sitesnag/shared/password-reset";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { NewPasswordFields } from "../../components/account-fields";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useCompleteSignIn } from "./api/auth-api";
import { checkResetLinkRequest, resetPasswordRequest } from "./api/password-reset-api";
import { AuthLayout } from "./auth-layout";

const resolver = lazyZodResolver<ResetPasswordForm>(() =>
  import("@sitesnag/shared/password-reset").then((m) => m.ResetPasswordFormSchema),
);

/**
 * The token from the link, taken out of the address bar at once so it stays out of the browser's
 * history and of any Referer header.
 */
function useLinkToken(): string {
  const [token] = useState(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get("token") ?? "";
    if (value) {
      url.searchParams.delete("token");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    }
    return value;
  });
  return token;
}

function LinkProblem({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{message}</p>
      <p>
        <AppLink to="/forgot-password" className="font-semibold underline">
          {t("auth.reset.newLink")}
        </AppLink>
      </p>
    </div>
  );
}

/** /reset-password?token=…: choose a new password; every other session ends and this one signs in. */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const complete = useCompleteSignIn();
  const navigate = useNavigate();
  const t = useT();
  const link = useQuery({
    queryKey: ["reset-link", token],
    queryFn: () => checkResetLinkRequest(token),
    enabled: token !== "",
    retry: false,
    gcTime: 0,
  });
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({ resolver });
  const reset = useMutation({
    mutationFn: ({ password }: ResetPasswordForm) => resetPasswordRequest({ token, password }),
    onSuccess: (session) => {
      toast.success(t("auth.reset.done"));
      // An account with a second factor signs in with the new password and its code.
      if (isMfaChallenge(session)) navigate("/login", { replace: true });
      else complete(session);
    },
  });
  const e = formState.errors;
  let body: ReactNode;
  if (!token) {
    body = <LinkProblem message={t("auth.linkMissing")} />;
  } else if (link.isPending) {
    body = <LoadingState label={t("auth.reset.checking")} />;
  } else if (link.isError) {
    body = <LinkProblem message={errorMessage(link.error, t("auth.reset.checkFailed"))} />;
  } else {
    body = (
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => reset.mutate(values))}
        onFocus={resolver.preload}
        className="space-y-4"
      >
        <p className="text-sm text-slate-700">
          {t("auth.reset.for")} <strong>{link.data.email}</strong>
        </p>
        <NewPasswordFields
          password={{ ...register("password"), error: e.password?.message }}
          confirmPassword={{ ...register("confirmPassword"), error: e.confirmPassword?.message }}
        />
        {reset.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(reset.error, t("auth.reset.failed"))}
          </p>
        )}
        <Button type="submit" className="w-full" isLoading={reset.isPending}>
          {t("auth.reset.submit")}
        </Button>
      </form>
    );
  }
  return (
    <AuthLayout
      title={t("auth.reset.title")}
      subtitle={t("auth.reset.subtitle")}
      alternative={{ prompt: t("auth.rememberedIt"), to: "/login", label: t("auth.signIn.title") }}
    >
      {body}
    </AuthLayout>
  );
}
