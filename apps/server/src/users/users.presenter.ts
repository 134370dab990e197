import type { User } from "@sitesnag/shared/auth";
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
    membership_type: row.membership_type,
    membership_start_date: row.membership_start_date,
    membership_end_date: row.membership_end_date,
    membership_amount: Number(row.membership_amount),
    created_at: row.created_at,
  };
}
