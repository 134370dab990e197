// Kysely queries of the snag list: a project's reports matching a snag filter, read in keyset
// batches (so no query holds the whole project), and full rows for a bounded list of ids.

import { searchWords } from "@sitesnag/shared/search";
import { type SnagFilter, UNASSIGNED } from "@sitesnag/shared/snag-list";
import { type Kysely, sql, type Transaction } from "kysely";
import { likeWord } from "../db/keyset";
import type { Database } from "../db/schema";
import { selectReports } from "../snagging/snagging.repository";

type Q = Kysely<Database> | Transaction<Database>;

/** The scope of a list or a link: one project of one workspace, narrowed by a filter. */
export type SnagScope = { workspaceId: string; projectId: string; filter: SnagFilter };

// biome-ignore lint/suspicious/noExplicitAny: applies to any builder over "snagging_reports as r"
function whereScope<QB extends { where: (...args: any[]) => QB }>(q: QB, scope: SnagScope): QB {
  const { filter } = scope;
  let out = q.where("r.workspace_id", "=", scope.workspaceId).where("r.project_id", "=", scope.projectId);
  if (filter.status) out = out.where("r.status", "=", filter.status);
  if (filter.priority) out = out.where("r.priority", "=", filter.priority);
  if (filter.category) out = out.where("r.category", "=", filter.category);
  // A member or a contact (migration 0020): ids are UUIDs, so one id matches one column at most.
  if (filter.assigneeId === UNASSIGNED)
    out = out.where("r.assigned_to", "is", null).where("r.assigned_contact_id", "is", null);
  else if (filter.assigneeId) {
    const id = filter.assigneeId;
    out = out.where(sql<boolean>`(r.assigned_to = ${id} or r.assigned_contact_id = ${id})`);
  }
  if (filter.dueBefore !== undefined) out = out.where("r.due_date", "<", filter.dueBefore);
  for (const word of searchWords(filter.search)) {
    out = out.where(sql<boolean>`r.search_text like ${likeWord(word)} escape '\\'`);
  }
  return out;
}

/** What grouping and the cover's counts need of each report: no photos, one batch at a time. */
export async function* scanScope(db: Q, scope: SnagScope, batch = 500) {
  let after: { created_at: number; id: string } | undefined;
  for (;;) {
    let q = whereScope(
      db
        .selectFrom("snagging_reports as r")
        .leftJoin("users as a", "a.id", "r.assigned_to")
        .leftJoin("workspace_contacts as k", "k.id", "r.assigned_contact_id")
        .leftJoin("locations as l", "l.id", "r.location_id")
        .select([
          "l.path as location_path",
          "r.id",
          "r.created_at",
          "r.status",
          "r.category",
          "r.description",
          "r.due_date",
          "r.assigned_to",
          "r.assigned_contact_id",
          "a.first_name as assignee_first_name",
          "a.last_name as assignee_last_name",
          "k.name as contact_name",
          "k.company as contact_company",
        ]),
      scope,
    );
    if (after) q = q.where(sql<boolean>`(r.created_at, r.id) > (${after.created_at}, ${after.id})`);
    const rows = await q.orderBy("r.created_at").orderBy("r.id").limit(batch).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ...r,
      created_at: Number(r.created_at),
      due_date: r.due_date === null ? null : Number(r.due_date),
    }));
    if (rows.length < batch) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { created_at: Number(last.created_at), id: last.id };
  }
}

/** Full rows (with names) of the given reports, if they are in the scope; order not kept. */
export const findScopedReports = (db: Q, scope: SnagScope, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : whereScope(selectReports(db, scope.workspaceId), scope).where("r.id", "in", ids).execute();

/** Whether one report is in the scope (a link's check before any action on it). */
export const isInScope = async (db: Q, scope: SnagScope, id: string): Promise<boolean> =>
  (await whereScope(db.selectFrom("snagging_reports as r").select("r.id"), scope)
    .where("r.id", "=", id)
    .executeTakeFirst()) !== undefined;

/** The newest `limit` reports of the scope, with names (a share link's page). */
export const findScopedNewest = (db: Q, scope: SnagScope, limit: number) =>
  whereScope(selectReports(db, scope.workspaceId), scope)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
