// Access checks shared by the report use cases. Another workspace's object and a malformed id
// answer the same as a missing one: existence is never leaked.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { findContact } from "../contacts/contacts.repository";
import type { AppContext } from "../context";
import type { ProjectRow, ReportRow, UserRow } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { findProject } from "../projects/projects.repository";
import { findWorkspaceMember } from "../users/users.repository";
import { findReport } from "./snagging.repository";

export async function requireReport(ctx: AppContext, user: UserRow, id: string): Promise<ReportRow> {
  const row = UUID_PATTERN.test(id) ? await findReport(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Report");
  return row;
}

/** A project named in a request body: a field error rather than a 404 for the whole route. */
export async function requireProjectField(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw badRequest("Project not found", { projectId: ["Project not found"] });
  return row;
}

/** The report's two assignee columns (migration 0020): a member, a contact, or neither. */
export type AssigneeColumns = Pick<ReportRow, "assigned_to" | "assigned_contact_id">;

export const UNASSIGNED_COLUMNS: AssigneeColumns = { assigned_to: null, assigned_contact_id: null };

/**
 * An assignee id named in a request: a member of the caller's workspace or one of its contacts
 * (ids are UUIDs, so one id never names both). Anything else — another workspace's contact
 * included — is a field error, and nothing is written.
 */
export async function requireAssignee(ctx: AppContext, user: UserRow, id: string): Promise<AssigneeColumns> {
  if (UUID_PATTERN.test(id)) {
    if (await findWorkspaceMember(ctx.db, user.workspace_id, id)) return { assigned_to: id, assigned_contact_id: null };
    if (await findContact(ctx.db, user.workspace_id, id)) return { assigned_to: null, assigned_contact_id: id };
  }
  const message = "Assignee must be a member or a contact of your workspace";
  throw badRequest(message, { assignedTo: [message] });
}
