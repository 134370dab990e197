import { zodResolver } from "@hookform/resolvers/zod";
import { type SignupForm, SignupFormSchema } from "@sitesnag/shared/auth";
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { isMfaChallenge } from "@sitesnag/shared/mfa-contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { NameFields } from "../../components/account-fields";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { PasswordField } from "../../components/password-field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { loginRequest, registerRequest, useCompleteSignIn } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

/** Form A (SPEC §5): email pattern, 6-character minimum, visibility toggles; registers then signs in. */
export function SignupPage() {
  const complete = useCompleteSignIn();
  const t = useT();
  const { register, handleSubmit, formState } = useForm<SignupForm>({ resolver: zodResolver(SignupFormSchema) });
  const signup = useMutation({
    mutationFn: async ({ confirmPassword: _confirm, ...body }: SignupForm) => {
      await registerRequest(body);
      const session = await loginRequest({ email: body.email, password: body.password });
      // A brand-new account has no second factor: the answer is always the session.
      if (isMfaChallenge(session)) throw new Error(t("auth.register.failed"));
      return session;
    },
    onSuccess: (session) => {
      toast.success(t("auth.signUp.success", { product: PRODUCT_NAME }));
      complete(session);
    },
    onError: (error) => toast.error(errorMessage(error, t("auth.register.failed"))),
  });
  const onSubmit = (values: SignupForm) => {
    if (values.password !== values.confirmPassword) {
      toast.error(t("validation.passwordsDiffer"));
      return;
    }
    signup.mutate(values);
  };
  const e = formState.errors;
  return (
    <AuthLayout
      title={t("auth.signUp.title")}
      subtitle={t("auth.signUp.subtitle")}
      alternative={{ prompt: t("auth.signUp.haveAccount"), to: "/login", label: t("auth.signIn.title") }}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        <NameFields
          firstName={{ ...register("firstName"), error: e.firstName?.message }}
          lastName={{ ...register("lastName"), error: e.lastName?.message }}
        />
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={e.email?.message && sentence(e.email.message)}
          {...register("email")}
        />
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          error={e.password?.message && sentence(e.password.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("auth.confirmPassword")}
          autoComplete="new-password"
          error={e.confirmPassword?.message && sentence(e.confirmPassword.message)}
          {...register("confirmPassword")}
        />
        <Button type="submit" className="w-full" isLoading={signup.isPending}>
          {t("auth.signUp.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
