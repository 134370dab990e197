// Kysely queries of share links. Lookups by token go through its SHA-256 only.
import type { Kysely, Transaction } from "kysely";
import type { Database, ShareLinkRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertShareLink(db: Q, row: ShareLinkRow): Promise<void> {
  await db.insertInto("share_links").values(row).execute();
}

/** A project's links, newest first, with their creator's and assignee's names and event counts. */
export const findProjectShareLinks = (db: Q, workspaceId: string, projectId: string) =>
  db
    .selectFrom("share_links as l")
    .leftJoin("users as c", "c.id", "l.created_by")
    .leftJoin("users as a", (join) =>
      join.onRef("a.id", "=", "l.assignee_id").onRef("a.workspace_id", "=", "l.workspace_id"),
    )
    .leftJoin("workspace_contacts as k", (join) =>
      join.onRef("k.id", "=", "l.assignee_id").onRef("k.workspace_id", "=", "l.workspace_id"),
    )
    .selectAll("l")
    .select((eb) => [
      "c.first_name as creator_first_name",
      "c.last_name as creator_last_name",
      "a.first_name as assignee_first_name",
      "a.last_name as assignee_last_name",
      "k.name as contact_name",
      "k.company as contact_company",
      eb
        .selectFrom("share_link_events as e")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("e.link_id", "=", "l.id")
        .where("e.kind", "=", "view")
        .as("views"),
      eb
        .selectFrom("share_link_events as e")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("e.link_id", "=", "l.id")
        .where("e.kind", "=", "fix")
        .as("fixes"),
    ])
    .where("l.workspace_id", "=", workspaceId)
    .where("l.project_id", "=", projectId)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(200)
    .execute();

export type ShareLinkListRow = Awaited<ReturnType<typeof findProjectShareLinks>>[number];

export const findShareLink = (db: Q, workspaceId: string, id: string) =>
  db
    .selectFrom("share_links")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

export const findShareLinkByHash = (db: Q, tokenHash: string) =>
  db.selectFrom("share_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

export async function revokeShareLinkRow(db: Q, workspaceId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable("share_links")
    .set({ revoked_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .execute();
}

export async function touchShareLink(db: Q, id: string, now: number): Promise<void> {
  await db.updateTable("share_links").set({ last_used_at: now }).where("id", "=", id).execute();
}

/** Reports of the link already recorded as viewed since `since` (one view a report an hour). */
export async function findRecentViews(db: Q, linkId: string, since: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("share_link_events")
    .select("report_id")
    .where("link_id", "=", linkId)
    .where("kind", "=", "view")
    .where("created_at", ">=", since)
    .execute();
  return new Set(rows.flatMap((r) => (r.report_id ? [r.report_id] : [])));
}
