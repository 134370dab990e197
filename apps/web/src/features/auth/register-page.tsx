import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterForm, RegisterFormSchema } from "@sitesnag/shared/auth";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { NameFields, NewPasswordFields } from "../../components/account-fields";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { registerRequest, useCompleteSignIn } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

/** Form B (SPEC §5): 8-character minimum, no visibility toggles; reads the session from register. */
export function RegisterPage() {
  const complete = useCompleteSignIn();
  const { register, handleSubmit, formState } = useForm<RegisterForm>({ resolver: zodResolver(RegisterFormSchema) });
  const registration = useMutation({
    mutationFn: ({ confirmPassword: _confirm, ...body }: RegisterForm) => registerRequest(body),
    onSuccess: (session) => {
      toast.success("Registration successful!");
      complete(session);
    },
    onError: (error) => toast.error(errorMessage(error, "Registration failed")),
  });
  const e = formState.errors;
  return (
    <AuthLayout
      title="Register"
      subtitle="Set up your SiteSnag workspace."
      alternative={{ prompt: "Already registered?", to: "/login", label: "Sign in" }}
    >
      <form noValidate onSubmit={handleSubmit((values) => registration.mutate(values))} className="space-y-4">
        <NameFields
          firstName={{ ...register("firstName"), error: e.firstName?.message }}
          lastName={{ ...register("lastName"), error: e.lastName?.message }}
        />
        <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...register("email")} />
        <NewPasswordFields
          password={{ ...register("password"), error: e.password?.message }}
          confirmPassword={{ ...register("confirmPassword"), error: e.confirmPassword?.message }}
        />
        <Button type="submit" className="w-full" isLoading={registration.isPending}>
          Register
        </Button>
      </form>
    </AuthLayout>
  );
}
