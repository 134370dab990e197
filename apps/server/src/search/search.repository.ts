// The search index's queries (migration 0051): which items of a workspace match every token, best
// first, and the rows to show for them. PostgreSQL ranks with ts_rank over the GIN-indexed
// `search_documents.doc` (the head weighs more than the body); SQLite with FTS5's bm25 (the head
// column weighed 4 to 1). Every query is bounded by the workspace and by `limit`.
import type { SearchKind } from "@sitesnag/shared/global-search";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../db/schema";

export type SearchHit = { kind: SearchKind; id: string };

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Tokens are letters and digits only (shared/global-search.ts `searchTokens`), so quoting them is
 * enough to keep them words: no operator of either query language can be written with them.
 */
export async function findSearchHits(
  db: Kysely<Database>,
  workspaceId: string,
  tokens: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  if (tokens.length === 0) return [];
  if (isPostgres(db)) {
    // Each word a prefix of the workspace's own lexemes (migration 0055: every lexeme starts with
    // its workspace's tag), so the GIN index reads only the workspace's entries.
    const { rows } = await sql<{ kind: SearchKind; item_id: string }>`
      select kind, item_id from search_documents, search_query(${workspaceId}, cast(${[...tokens]} as text[])) q
      where workspace_id = ${workspaceId} and doc @@ q
      order by ts_rank(doc, q) desc, kind, item_id limit ${limit}`.execute(db);
    return rows.map((r) => ({ kind: r.kind, id: r.item_id }));
  }
  const match = tokens.map((t) => `"${t}"*`).join(" ");
  const { rows } = await sql<{ kind: SearchKind; item_id: string }>`
    select i.kind, i.item_id from search_fts join search_items i on i.id = search_fts.rowid
    where search_fts match ${match} and i.workspace_id = ${workspaceId}
    order by bm25(search_fts, 4.0, 1.0), i.kind, i.item_id limit ${limit}`.execute(db);
  return rows.map((r) => ({ kind: r.kind, id: r.item_id }));
}

/**
 * Reports whose folded reference or description holds every token anywhere, not only at a word's
 * start ("0131-1000" in SNAG-20250131-1000): `search_text like '%token%'`, served on PostgreSQL by
 * the trigram index of migration 0007. Tokens are letters and digits only: no LIKE wildcard.
 */
export async function findReportIdsByInfix(
  db: Kysely<Database>,
  workspaceId: string,
  tokens: readonly string[],
  exclude: readonly string[],
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom("snagging_reports").select("id").where("workspace_id", "=", workspaceId);
  for (const token of tokens) q = q.where(sql<boolean>`search_text like ${`%${token}%`}`);
  if (exclude.length > 0) q = q.where("id", "not in", exclude);
  return (await q.limit(limit).execute()).map((r) => r.id);
}

/** The report whose reference is exactly `reference` (the unique (workspace_id, title) index). */
export async function findReportIdByReference(
  db: Kysely<Database>,
  workspaceId: string,
  reference: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("snagging_reports")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("title", "=", reference)
    .executeTakeFirst();
  return row?.id;
}

export const findReportRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("snagging_reports as r")
    .innerJoin("projects as p", "p.id", "r.project_id")
    .leftJoin("locations as l", "l.id", "r.location_id")
    .select(["r.id", "r.title", "r.description", "p.name as project_name", "l.path as location_path"])
    .where("r.workspace_id", "=", workspaceId)
    .where("r.id", "in", ids)
    .execute();

export const findProjectRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("projects")
    .select(["id", "name", "client_name", "location"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", ids)
    .execute();

export const findAuditRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("audits as a")
    .innerJoin("projects as p", "p.id", "a.project_id")
    .leftJoin("audit_templates as t", "t.id", "a.template_id")
    .select(["a.id", "a.auditor_name", "a.audit_date", "t.name as template_name", "p.name as project_name"])
    .where("a.workspace_id", "=", workspaceId)
    .where("a.id", "in", ids)
    .execute();

export const findSheetRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("sheets as s")
    .innerJoin("projects as p", "p.id", "s.project_id")
    .select(["s.id", "s.project_id", "s.name", "s.level", "p.name as project_name"])
    .where("s.workspace_id", "=", workspaceId)
    .where("s.id", "in", ids)
    .execute();

export const findContactRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("workspace_contacts")
    .select(["id", "name", "company", "email"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", ids)
    .execute();

export const findMemberRows = (db: Kysely<Database>, workspaceId: string, ids: string[]) =>
  db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", ids)
    .execute();
