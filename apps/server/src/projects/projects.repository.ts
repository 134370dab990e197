import type { Kysely, Transaction } from "kysely";
import type { Database, ProjectRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findProjects = (db: Q, workspaceId: string): Promise<ProjectRow[]> =>
  db
    .selectFrom("projects")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();

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
