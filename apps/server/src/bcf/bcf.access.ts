import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { ProjectRow, UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { findProject } from "../projects/projects.repository";

/** The project of the path: another workspace's id and a malformed id both answer 404. */
export async function requireBcfProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}
