import type { SsoStart } from "@sitesnag/shared/sso";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { AuthLayout } from "../auth/auth-layout";
import { startSso } from "./api/sso-api";

const resolver = lazyZodResolver<SsoStart>(() => import("@sitesnag/shared/sso").then((m) => m.SsoStartSchema));

/** /login/sso: the work email finds the workspace's identity provider, and the browser goes there. */
export function SsoStartPage() {
  const t = useT();
  const { register, handleSubmit, formState } = useForm<SsoStart>({ resolver });
  const start = useMutation({ mutationFn: startSso });
  return (
    <AuthLayout
      title={t("sso.signInWithSso")}
      subtitle={t("sso.start.subtitle")}
      alternative={{ prompt: t("sso.start.passwordPrompt"), to: "/login", label: t("sso.start.passwordLink") }}
    >
      <form
        method="post"
        noValidate
        onSubmit={handleSubmit((values) => start.mutate(values))}
        onFocus={resolver.preload}
        className="space-y-4"
      >
        <TextField
          label={t("sso.start.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message && sentence(formState.errors.email.message)}
          {...register("email")}
        />
        {start.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(start.error, t("sso.start.failed"))}
          </p>
        )}
        {/* Pending until the browser has left for the provider. */}
        <Button type="submit" className="w-full" isLoading={start.isPending || start.isSuccess}>
          {t("sso.start.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
