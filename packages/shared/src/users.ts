// Users calls of SPEC §7: profile, password, membership, and the two shapes of GET /api/users.
import { z } from "zod";
import { MEMBERSHIP_FILTERS, MEMBERSHIP_TYPES, ROLES, WORKSPACE_ROLES } from "./enums";
import { LocaleInputSchema } from "./i18n/locale-input";
import { LOCALES } from "./i18n/locales";
import { CursorSchema, LimitSchema } from "./pagination";
import { plainString } from "./text";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PROFILE_REQUIRED = "Please fill in all fields";

import { PASSWORD_FIELDS_REQUIRED } from "./messages";

export { PASSWORD_FIELDS_REQUIRED } from "./messages";
export const NEW_PASSWORD_MIN = 6;
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${NEW_PASSWORD_MIN} characters`;
export const NEW_PASSWORDS_DIFFER = "New passwords do not match";

const required = (label: string, max: number) =>
  plainString({ error: PROFILE_REQUIRED })
    .trim()
    .min(1, PROFILE_REQUIRED)
    .max(max, `${label} must be at most ${max} characters`);

/** PATCH /api/users/{id} and the profile form (SPEC §5: every field filled). */
export const ProfileInputSchema = z.object({
  firstName: required("First name", 100),
  lastName: required("Last name", 100),
  email: required("Email", 254).regex(EMAIL_PATTERN, "Invalid email address"),
  locale: LocaleInputSchema.optional(),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/** PATCH /api/users/{id} with the language alone: the profile page's picker, from any device. */
export const LocaleUpdateSchema = z.object({ locale: LocaleInputSchema });
export type LocaleUpdate = z.infer<typeof LocaleUpdateSchema>;

/** The body of PATCH /api/users/{id}: `{ locale }` alone is a change of language, else the profile form. */
export const profileUpdateSchemaFor = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).join() === "locale"
    ? LocaleUpdateSchema
    : ProfileInputSchema;

/** PATCH /api/users/{id}/password. The session of the access token is kept; the others are signed out. */
export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_FIELDS_REQUIRED }).min(1, PASSWORD_FIELDS_REQUIRED).max(128),
  newPassword: z
    .string({ error: PASSWORD_FIELDS_REQUIRED })
    .min(1, PASSWORD_FIELDS_REQUIRED)
    .min(NEW_PASSWORD_MIN, NEW_PASSWORD_TOO_SHORT)
    .max(128, "New password must be at most 128 characters"),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** The password form on the profile page: three fields, all required, new twice the same. */
export const PasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_FIELDS_REQUIRED),
    newPassword: z.string().min(1, PASSWORD_FIELDS_REQUIRED).min(NEW_PASSWORD_MIN, NEW_PASSWORD_TOO_SHORT).max(128),
    confirmPassword: z.string().min(1, PASSWORD_FIELDS_REQUIRED),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: NEW_PASSWORDS_DIFFER });
export type PasswordForm = z.infer<typeof PasswordFormSchema>;

const epochSeconds = z.number({ error: "Must be a date" }).int("Must be a date").min(0).max(253402300799);

/** PATCH /api/users/{id}/membership (SPEC §7, snake_case as the specification gives it). */
export const MembershipInputSchema = z
  .object({
    membership_type: z.enum(MEMBERSHIP_TYPES, { error: "Membership type must be free or yearly" }),
    membership_start_date: epochSeconds.nullable().default(null),
    membership_end_date: epochSeconds.nullable().default(null),
    membership_amount: z
      .number({ error: "Amount must be a number" })
      .min(0, "Amount must be at least 0")
      .max(1_000_000, "Amount must be at most 1,000,000")
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Amount must be in steps of 0.01"),
  })
  .refine(
    (v) =>
      v.membership_start_date === null ||
      v.membership_end_date === null ||
      v.membership_end_date >= v.membership_start_date,
    { path: ["membership_end_date"], message: "End date cannot be before the start date" },
  );
export type MembershipInput = z.input<typeof MembershipInputSchema>;

/** A member of the caller's workspace, as the assignee picker and the Team page need it. */
export const MemberSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    workspaceRole: z.enum(WORKSPACE_ROLES),
    locale: z.enum(LOCALES),
  })
  .meta({ id: "Member" });
export type Member = z.infer<typeof MemberSchema>;

/** What an admin gets from GET /api/users: every user, snake_case names and membership (SPEC §3). */
export const AdminUserSchema = MemberSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  /** Bytes the workspace's stored files take, and its storage quota (decision 0019). */
  workspaceStorageBytes: z.number(),
  workspaceStorageQuotaBytes: z.number(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  membership_start_date: z.number().nullable(),
  membership_end_date: z.number().nullable(),
  membership_amount: z.number(),
  created_at: z.number(),
}).meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export { MEMBERSHIP_FILTERS, type MembershipFilter } from "./enums";

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** GET /api/users query. Members ignore it but `scope`; admins page, search and filter. */
export const UserListQuerySchema = z.object({
  scope: z.enum(["workspace", "all"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: plainString().trim().max(200).optional(),
  membership: z.enum(MEMBERSHIP_FILTERS).default("all"),
  /** Keyset paging (decision 0018): `limit` rows after `cursor`; `page` is then ignored. */
  limit: LimitSchema.max(PAGE_SIZE_MAX, `Limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`).optional(),
  cursor: CursorSchema.optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

export type Page<T> = { total: number; page: number; pageSize: number; nextCursor: string | null } & T;

/** GET /api/users as an admin sees it (every user, paged), else the caller's workspace's members. */
export const UserListSchema = z.union([
  z.object({
    users: z.array(AdminUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
  z.object({ users: z.array(MemberSchema) }),
]);
export type UserList = z.infer<typeof UserListSchema>;
/** PATCH /api/users/{id}/membership (admins). */
export const AdminUserAnswerSchema = z.object({ user: AdminUserSchema });
