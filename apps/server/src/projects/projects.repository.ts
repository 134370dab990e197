import { type CursorKey, UNPAGED_LIST_CAP } from "@sitesnag/shared/pagination";
import { projectSearchText, searchWords } from "@sitesnag/shared/search";
import { type Kysely, sql, type Transaction } from "kysely";
import { afterCursor, likeWord } from "../db/keyset";
import { preparedQuery } from "../db/prepared";
import type { Database, ProjectRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** What a project answer shows (projects.presenter.ts): lists read these columns only. */
const SHOWN_COLUMNS = [
  "id",
  "name",
  "description",
  "location",
  "client_name",
  "status",
  "require_evidence_to_close",
  "verified_closing",
  "created_at",
] as const;
export type ShownProjectRow = Pick<ProjectRow, (typeof SHOWN_COLUMNS)[number]>;

const projectsOfWorkspace = (db: Q, workspaceId: string) =>
  db
    .selectFrom("projects")
    .select(SHOWN_COLUMNS)
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
// One more than the cap: the extra row tells the unpaged answer that it was cut short.
const preparedProjects = preparedQuery((db, p: { workspaceId: string }) =>
  projectsOfWorkspace(db, p.workspaceId).limit(UNPAGED_LIST_CAP + 1),
);

/**
 * The unpaged list (dashboard and projects screens, SPEC §7), at most the cap plus one row: compiled
 * once outside a transaction, as the most requested list.
 */
export const findProjects = (db: Q, workspaceId: string): Promise<ShownProjectRow[]> =>
  db.isTransaction
    ? projectsOfWorkspace(db, workspaceId)
        .limit(UNPAGED_LIST_CAP + 1)
        .execute()
    : preparedProjects(db as Kysely<Database>, { workspaceId });

/**
 * One page after `after`, `size + 1` rows, through projects_workspace_page; every search word must
 * be in the name or description, ignoring case and accents (search_text, folded as the browser folds).
 */
export const findProjectsPage = (
  db: Q,
  workspaceId: string,
  search: string | undefined,
  after: CursorKey | undefined,
  size: number,
) => {
  let q = projectsOfWorkspace(db, workspaceId);
  for (const word of searchWords(search)) {
    q = q.where(sql<boolean>`search_text like ${likeWord(word)} escape '\\'`);
  }
  if (after) q = q.where(afterCursor("created_at", "id", after));
  return q.limit(size + 1).execute();
};

export const countProjects = async (db: Q, workspaceId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom("projects")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findProject = (db: Q, workspaceId: string, id: string): Promise<ProjectRow | undefined> =>
  db.selectFrom("projects").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();

/** A project row as stored: with `search_text`, its name and description folded for search. */
export const withProjectSearchText = <R extends { name: string; description: string }>(row: R) => ({
  ...row,
  search_text: projectSearchText(row.name, row.description),
});

export async function insertProject(db: Q, row: ProjectRow): Promise<void> {
  await db.insertInto("projects").values(withProjectSearchText(row)).execute();
}

export async function updateProject(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Pick<ProjectRow, "name" | "description" | "location" | "client_name" | "status" | "updated_at">,
): Promise<boolean> {
  const result = await db
    .updateTable("projects")
    .set(withProjectSearchText(changes))
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
