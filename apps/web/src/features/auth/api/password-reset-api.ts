import type { LoginResponse } from "@sitesnag/shared/mfa";
import type { ForgotPassword, ResetPassword } from "@sitesnag/shared/password-reset";
import { api } from "../../../lib/api-client";

export const forgotPasswordRequest = (body: ForgotPassword) =>
  api<{ message: string }>("/auth/forgot-password", { method: "POST", body });

export const checkResetLinkRequest = (token: string) =>
  api<{ email: string }>("/auth/reset-password/check", { method: "POST", body: { token } });

export const resetPasswordRequest = (body: ResetPassword) =>
  api<LoginResponse>("/auth/reset-password", { method: "POST", body });
