import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterForm, RegisterFormSchema } from "@sitesnag/shared/auth";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { NameFields, NewPasswordFields } from "../../components/account-fields";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { registerRequest, useCompleteSignIn } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

/** Form B (SPEC §5): 8-character minimum, no visibility toggles; reads the session from register. */
export function RegisterPage() {
  const complete = useCompleteSignIn();
  const t = useT();
  const { register, handleSubmit, formState } = useForm<RegisterForm>({ resolver: zodResolver(RegisterFormSchema) });
  const registration = useMutation({
    mutationFn: ({ confirmPassword: _confirm, ...body }: RegisterForm) => registerRequest(body),
    onSuccess: (session) => {
      toast.success(t("auth.register.success"));
      complete(session);
    },
    onError: (error) => toast.error(errorMessage(error, t("auth.register.failed"))),
  });
  const e = formState.errors;
  return (
    <AuthLayout
      title={t("auth.register.title")}
      subtitle={t("auth.register.subtitle")}
      alternative={{ prompt: t("auth.register.registered"), to: "/login", label: t("auth.signIn.title") }}
    >
      <form noValidate onSubmit={handleSubmit((values) => registration.mutate(values))} className="space-y-4">
        <NameFields
          firstName={{ ...register("firstName"), error: e.firstName?.message }}
          lastName={{ ...register("lastName"), error: e.lastName?.message }}
        />
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={e.email?.message && sentence(e.email.message)}
          {...register("email")}
        />
        <NewPasswordFields
          password={{ ...register("password"), error: e.password?.message }}
          confirmPassword={{ ...register("confirmPassword"), error: e.confirmPassword?.message }}
        />
        <Button type="submit" className="w-full" isLoading={registration.isPending}>
          {t("auth.register.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
