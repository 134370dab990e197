// Forgotten passwords (issue 26): asking for a link by email, and setting a new password with it.
import { z } from "zod";
import { plainString } from "./text";

/** Answered to every well-formed request, whether or not an account has this address. */
export const FORGOT_PASSWORD_SENT =
  "If an account uses this address, we have sent it a link to reset the password. It works for one hour.";
/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60;
export const RESET_PASSWORD_MIN = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/auth/forgot-password and the /forgot-password form. */
export const ForgotPasswordSchema = z.object({
  email: plainString({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .regex(EMAIL_PATTERN, "Invalid email address")
    // A lone UTF-16 surrogate cannot be written to a mail header.
    .refine((v) => !/\p{Cs}/u.test(v), "Invalid email address"),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(RESET_PASSWORD_MIN, `Password must be at least ${RESET_PASSWORD_MIN} characters`)
  .max(128, "Password must be at most 128 characters");

const token = z
  .string({ error: "The reset link is incomplete. Please open the link from the email again." })
  .min(1, "The reset link is incomplete. Please open the link from the email again.")
  .max(200, "This reset link is not valid. Please ask for a new one.");

/** POST /api/auth/reset-password/check: can this link still be used? */
export const ResetLinkSchema = z.object({ token });

/** POST /api/auth/reset-password. */
export const ResetPasswordSchema = z.object({ token, password: newPassword });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The /reset-password form: the new password twice. */
export const ResetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, "Please confirm your password") })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;
