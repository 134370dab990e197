import { zodResolver } from "@hookform/resolvers/zod";
import { type AuthResponse, type Login, LoginSchema, type SignupForm, SignupFormSchema } from "@sitesnag/shared/auth";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { NameFields, NewPasswordFields } from "../../../components/account-fields";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { sentence, useT } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { registerWithInvitation } from "../api/team-api";

/** A new account made straight into the inviting workspace. */
export function NewAccountForm({
  token,
  email,
  onSignedIn,
}: {
  token: string;
  email: string | null;
  onSignedIn: (session: AuthResponse) => void;
}) {
  const { register, handleSubmit, formState } = useForm<SignupForm>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { email: email ?? "" },
  });
  const t = useT();
  const signup = useMutation({
    mutationFn: ({ confirmPassword: _c, ...body }: SignupForm) => registerWithInvitation(token, body),
    onSuccess: onSignedIn,
    onError: (error) => toast.error(errorMessage(error, t("auth.register.failed"))),
  });
  const e = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit((v) => signup.mutate(v))} className="space-y-4">
      <NameFields
        firstName={{ ...register("firstName"), error: e.firstName?.message }}
        lastName={{ ...register("lastName"), error: e.lastName?.message }}
      />
      <TextField
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        readOnly={email !== null}
        error={e.email?.message && sentence(e.email.message)}
        {...register("email")}
      />
      <NewPasswordFields
        password={{ ...register("password"), error: e.password?.message }}
        confirmPassword={{ ...register("confirmPassword"), error: e.confirmPassword?.message }}
      />
      <Button type="submit" className="w-full" isLoading={signup.isPending}>
        {t("team.join.create")}
      </Button>
    </form>
  );
}

/** Signing in first; joining is then confirmed on the next step. */
export function SignInForm({
  email,
  onSignedIn,
}: {
  email: string | null;
  onSignedIn: (session: AuthResponse) => void;
}) {
  const { register, handleSubmit, formState } = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: email ?? "" },
  });
  const t = useT();
  const login = useMutation({
    mutationFn: (body: Login) => api<AuthResponse>("/auth/login", { method: "POST", body }),
    onSuccess: onSignedIn,
    onError: (error) => toast.error(errorMessage(error, t("auth.signIn.failed"))),
  });
  return (
    <form noValidate onSubmit={handleSubmit((v) => login.mutate(v))} className="space-y-4">
      <TextField
        label={t("auth.email")}
        type="email"
        autoComplete="email"
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
      <Button type="submit" className="w-full" isLoading={login.isPending}>
        {t("auth.signIn.submit")}
      </Button>
    </form>
  );
}
