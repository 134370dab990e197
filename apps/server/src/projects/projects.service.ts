import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { LiveEventType } from "@sitesnag/shared/live";
import { pageSize } from "@sitesnag/shared/pagination";
import type { Project, ProjectList, ProjectListQuery, ProjectValues } from "@sitesnag/shared/projects";
import type { AppContext } from "../context";
import { answeredCursor, toPage } from "../db/keyset";
import type { ProjectRow, UserRow } from "../db/schema";
import { type LiveEventInput, recordLiveEvent, userActor } from "../events/events.writer";
import { notFound } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import { requireProjectOwner, trashProject } from "../trash/trash.service";
import { presentProject } from "./projects.presenter";
import {
  countProjects,
  findProject,
  findProjects,
  findProjectsPage,
  insertProject,
  updateProject,
} from "./projects.repository";

const projectEvent = (user: UserRow, type: LiveEventType, id: string): LiveEventInput => ({
  workspaceId: user.workspace_id,
  type,
  subjectId: id,
  actor: userActor(user),
  data: { projectId: id },
});

async function requireProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  // Another workspace's id and a malformed id both answer 404: existence is not leaked.
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}

/** GET /api/projects: every project up to the cap without `limit`/`cursor`, else one page. */
export async function listProjects(ctx: AppContext, user: UserRow, query: ProjectListQuery): Promise<ProjectList> {
  const size = pageSize(query);
  const fetched =
    query.limit === undefined && query.cursor === undefined && !query.search
      ? await findProjects(ctx.db, user.workspace_id)
      : await findProjectsPage(ctx.db, user.workspace_id, query.search, query.cursor, size);
  const { rows, nextCursor } = toPage(fetched, size, (row) => ({ sort: row.created_at, id: row.id }));
  return { projects: rows.map(presentProject), ...answeredCursor(query, nextCursor) };
}

export async function countWorkspaceProjects(ctx: AppContext, user: UserRow): Promise<{ count: number }> {
  return { count: await countProjects(ctx.db, user.workspace_id) };
}

export async function getProject(ctx: AppContext, user: UserRow, id: string): Promise<Project> {
  return presentProject(await requireProject(ctx, user, id));
}

export async function createProject(ctx: AppContext, user: UserRow, input: ProjectValues): Promise<Project> {
  const now = nowSeconds();
  const row: ProjectRow = {
    id: newId(),
    workspace_id: user.workspace_id,
    name: input.name,
    description: input.description,
    location: input.location,
    client_name: input.clientName,
    status: input.status,
    require_evidence_to_close: input.requireEvidenceToClose ? 1 : 0,
    verified_closing: input.verifiedClosing ? 1 : 0,
    created_by: user.id,
    created_at: now,
    time_zone: "Europe/London",
    tree_version: 0,
    locations_version: 0,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertProject(trx, row);
    await recordLiveEvent(trx, projectEvent(user, "project.created", row.id));
  });
  return presentProject(row);
}

export async function editProject(ctx: AppContext, user: UserRow, id: string, input: ProjectValues): Promise<Project> {
  const existing = await requireProject(ctx, user, id);
  const changes = {
    name: input.name,
    description: input.description,
    location: input.location,
    client_name: input.clientName,
    status: input.status,
    // Left out of the body: kept as they are (clients before issue 23 send neither).
    require_evidence_to_close: Number(input.requireEvidenceToClose ?? existing.require_evidence_to_close === 1),
    verified_closing: Number(input.verifiedClosing ?? existing.verified_closing === 1),
    updated_at: nowSeconds(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateProject(trx, user.workspace_id, id, changes))) throw notFound("Project");
    await recordLiveEvent(trx, projectEvent(user, "project.updated", id));
  });
  return presentProject({ ...existing, ...changes });
}

/** DELETE /api/projects/{id}: the owner moves it, with its reports, to the Trash (trash/). */
export async function removeProject(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const project = await requireProject(ctx, user, id);
  requireProjectOwner(user);
  await ctx.db.transaction().execute(async (trx) => {
    await trashProject(ctx, trx, user, project);
    await recordLiveEvent(trx, projectEvent(user, "project.deleted", project.id));
  });
}
