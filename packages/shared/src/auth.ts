// Account schemas. The two sign-up forms deliberately differ (SPEC §5, DESIGN §5):
// form A on /signup (email pattern, 6 characters), form B on /register (8 characters, no pattern).
// The server accepts 6 to 128 characters.
import { z } from "zod";
import { MEMBERSHIP_TYPES, ROLES, WORKSPACE_ROLES } from "./enums";
import { LOCALES } from "./i18n/locales";
import { plainString } from "./text";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const FORM_B_PASSWORD_MIN = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field, trimmed; its messages name it ("First name is required"). */
const trimmed = (label: string, max = 100) =>
  plainString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const EMAIL_MAX = 254;
const REFRESH_TOKEN_MAX = 2048;
// A schema-level `error` in zod 4 also replaces the message of every check without its own, so each
// check below names its own problem: a too-long password is not a missing one.
const EMAIL_TOO_LONG = `Email must be at most ${EMAIL_MAX} characters`;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;

export const LoginSchema = z.object({
  email: plainString({ error: "Email is required" }).trim().min(1, "Email is required").max(EMAIL_MAX, EMAIL_TOO_LONG),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});
export type Login = z.infer<typeof LoginSchema>;

const names = {
  firstName: trimmed("First name"),
  lastName: trimmed("Last name"),
};

/** What POST /api/auth/register accepts. */
export const RegisterSchema = z.object({
  ...names,
  email: plainString({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .regex(EMAIL_PATTERN, "Invalid email address"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});
export type Register = z.infer<typeof RegisterSchema>;

const confirm = {
  confirmPassword: z.string().min(1, "Please confirm your password"),
};

/** Form A, mounted on /signup. */
export const SignupFormSchema = RegisterSchema.extend(confirm).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "Passwords do not match",
});
export type SignupForm = z.infer<typeof SignupFormSchema>;

/** Form B, mounted on /register: 8 characters, no email pattern check. */
export const RegisterFormSchema = z
  .object({
    ...names,
    email: plainString().trim().min(1, "Email is required").max(EMAIL_MAX, EMAIL_TOO_LONG),
    password: z
      .string()
      .min(1, "Password is required")
      .min(FORM_B_PASSWORD_MIN, `Password must be at least ${FORM_B_PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
    ...confirm,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const RefreshSchema = z.object({
  refreshToken: z
    .string({ error: "Refresh token is required" })
    .min(1, "Refresh token is required")
    .max(REFRESH_TOKEN_MAX, `Refresh token must be at most ${REFRESH_TOKEN_MAX} characters`),
});

/** POST /api/auth/logout: the token is optional (a client that lost it can still sign out locally). */
export const LogoutSchema = z
  .object({ refreshToken: RefreshSchema.shape.refreshToken.optional() })
  // Fastify hands a body-less request to the validator as null, hence nullish rather than optional.
  .nullish();
export type Refresh = z.infer<typeof RefreshSchema>;

/** The User entity as every API answer carries it (SPEC §3). Never a password hash. */
export const UserSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    workspaceId: z.string(),
    /** owner: may invite and remove teammates. */
    workspaceRole: z.enum(WORKSPACE_ROLES),
    membership_type: z.enum(MEMBERSHIP_TYPES),
    membership_start_date: z.number().nullable(),
    membership_end_date: z.number().nullable(),
    membership_amount: z.number(),
    created_at: z.number(),
    /** The language the person chose (issue 35): the app, the server's messages and their email. */
    locale: z.enum(LOCALES),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z
  .object({
    user: UserSchema,
    accessToken: z.string(),
    refreshToken: z.string(),
  })
  .meta({ id: "AuthResponse" });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;
