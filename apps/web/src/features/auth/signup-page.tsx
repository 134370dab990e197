import { zodResolver } from "@hookform/resolvers/zod";
import { type SignupForm, SignupFormSchema } from "@sitesnag/shared/auth";
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { NameFields } from "../../components/account-fields";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { PasswordField } from "../../components/password-field";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { loginRequest, registerRequest, useCompleteSignIn } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

/** Form A (SPEC §5): email pattern, 6-character minimum, visibility toggles; registers then signs in. */
export function SignupPage() {
  const complete = useCompleteSignIn();
  const { register, handleSubmit, formState } = useForm<SignupForm>({ resolver: zodResolver(SignupFormSchema) });
  const signup = useMutation({
    mutationFn: async ({ confirmPassword: _confirm, ...body }: SignupForm) => {
      await registerRequest(body);
      return loginRequest({ email: body.email, password: body.password });
    },
    onSuccess: (session) => {
      toast.success(`Account created successfully! Welcome to ${PRODUCT_NAME} 🎉`);
      complete(session);
    },
    onError: (error) => toast.error(errorMessage(error, "Registration failed")),
  });
  const onSubmit = (values: SignupForm) => {
    if (values.password !== values.confirmPassword) {
      toast.error("Passwords do not match");
      return;
    }
    signup.mutate(values);
  };
  const e = formState.errors;
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Free account. Upgrade any time, no credit card required."
      alternative={{ prompt: "Already have an account?", to: "/login", label: "Sign in" }}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        <NameFields
          firstName={{ ...register("firstName"), error: e.firstName?.message }}
          lastName={{ ...register("lastName"), error: e.lastName?.message }}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={e.email?.message}
          {...register("email")}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={e.password?.message}
          {...register("password")}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={e.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" className="w-full" isLoading={signup.isPending}>
          Create Account
        </Button>
      </form>
    </AuthLayout>
  );
}
