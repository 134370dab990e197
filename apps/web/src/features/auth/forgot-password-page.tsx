import type { ForgotPassword } from "@sitesnag/shared/password-reset";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { forgotPasswordRequest } from "./api/password-reset-api";
import { AuthLayout } from "./auth-layout";

const resolver = lazyZodResolver<ForgotPassword>(() =>
  import("@sitesnag/shared/password-reset").then((m) => m.ForgotPasswordSchema),
);

/** /forgot-password: asks for a reset link by email. The answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const { register, handleSubmit, formState } = useForm<ForgotPassword>({ resolver });
  const request = useMutation({ mutationFn: forgotPasswordRequest });
  const t = useT();
  return (
    <AuthLayout
      title={t("auth.forgot.title")}
      subtitle={t("auth.forgot.subtitle")}
      alternative={{ prompt: t("auth.rememberedIt"), to: "/login", label: t("auth.signIn.title") }}
    >
      {request.isSuccess ? (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-semibold">{t("auth.forgot.checkEmail")}</p>
          <p className="mt-1">{request.data.message}</p>
          <p className="mt-2">
            {t("auth.forgot.nothingYet")}{" "}
            <button type="button" className="font-semibold underline" onClick={() => request.reset()}>
              {t("auth.forgot.again")}
            </button>
            .
          </p>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={handleSubmit((values) => request.mutate(values))}
          onFocus={resolver.preload}
          className="space-y-4"
        >
          <TextField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={formState.errors.email?.message && sentence(formState.errors.email.message)}
            {...register("email")}
          />
          {request.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(request.error, t("auth.forgot.failed"))}
            </p>
          )}
          <Button type="submit" className="w-full" isLoading={request.isPending}>
            {t("auth.forgot.submit")}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <AppLink to="/login" className="underline">
          {t("auth.backToSignIn")}
        </AppLink>
      </p>
    </AuthLayout>
  );
}
