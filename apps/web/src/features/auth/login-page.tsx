import { zodResolver } from "@hookform/resolvers/zod";
import { type Login, LoginSchema } from "@sitesnag/shared/auth";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { loginRequest, useCompleteSignIn } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

export function LoginPage() {
  const complete = useCompleteSignIn();
  const { register, handleSubmit, formState } = useForm<Login>({ resolver: zodResolver(LoginSchema) });
  const login = useMutation({
    mutationFn: loginRequest,
    onSuccess: (session) => {
      toast.success("Login successful!");
      complete(session);
    },
    onError: (error) => toast.error(errorMessage(error, "Login failed")),
  });
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to your site workspace."
      alternative={{ prompt: "New to SiteSnag?", to: "/signup", label: "Create an account" }}
    >
      <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} className="space-y-4">
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
        <Button type="submit" className="w-full" isLoading={login.isPending}>
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
