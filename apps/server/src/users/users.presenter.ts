import type { User } from "@sitesnag/shared/auth";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { AdminUser, Member } from "@sitesnag/shared/users";
import type { UserRow } from "../db/schema";

/** Row → the API's User shape (SPEC §3). The password hash never leaves this layer. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    workspaceId: row.workspace_id,
    workspaceRole: row.workspace_role,
    membership_type: row.membership_type,
    membership_start_date: row.membership_start_date,
    membership_end_date: row.membership_end_date,
    membership_amount: Number(row.membership_amount),
    created_at: row.created_at,
    locale: toLocale(row.locale),
  };
}

export const presentMember = (row: UserRow): Member => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  workspaceRole: row.workspace_role,
  locale: toLocale(row.locale),
});

/** The user's workspace as the admin list shows it: its name and storage (quotas/storage-quota.ts). */
export type AdminUserWorkspace = {
  workspace_name: string;
  workspace_storage_bytes: number;
  storage_quota_bytes: number;
};

/** The admin's view: camelCase names for the shared components, snake_case as SPEC §3 gives the admin list. */
export const presentAdminUser = (row: UserRow & AdminUserWorkspace): AdminUser => ({
  ...presentMember(row),
  first_name: row.first_name,
  last_name: row.last_name,
  workspaceId: row.workspace_id,
  workspaceName: row.workspace_name,
  workspaceStorageBytes: Number(row.workspace_storage_bytes),
  workspaceStorageQuotaBytes: row.storage_quota_bytes,
  membership_type: row.membership_type,
  membership_start_date: row.membership_start_date,
  membership_end_date: row.membership_end_date,
  membership_amount: Number(row.membership_amount),
  created_at: row.created_at,
});
