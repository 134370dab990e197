import type { Kysely, Transaction } from "kysely";
import { preparedQuery } from "../db/prepared";
import type { Database, ProjectRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

const projectsOfWorkspace = (db: Kysely<Database>, workspaceId: string) =>
  db
    .selectFrom("projects")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
const preparedProjects = preparedQuery((db, p: { workspaceId: string }) => projectsOfWorkspace(db, p.workspaceId));

/** The most requested list (dashboard and projects screens): compiled once outside a transaction. */
export const findProjects = (db: Q, workspaceId: string): Promise<ProjectRow[]> =>
  db.isTransaction
    ? projectsOfWorkspace(db, workspaceId).execute()
    : preparedProjects(db as Kysely<Database>, { workspaceId });

export const findProject = (db: Q, workspaceId: string, id: string): Promise<ProjectRow | undefined> =>
  db.selectFrom("projects").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();

export async function insertProject(db: Q, row: ProjectRow): Promise<void> {
  await db.insertInto("projects").values(row).execute();
}

export async function updateProject(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Pick<ProjectRow, "name" | "description" | "location" | "client_name" | "status" | "updated_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("projects")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
