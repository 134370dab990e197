// Access checks shared by the report use cases. Another workspace's object and a malformed id
// answer the same as a missing one: existence is never leaked.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
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

export async function requireAssignee(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const member = UUID_PATTERN.test(id) ? await findWorkspaceMember(ctx.db, user.workspace_id, id) : undefined;
  if (!member) {
    const message = "Assignee must be a member of your workspace";
    throw badRequest(message, { assignedTo: [message] });
  }
}
