// Kysely queries of a workspace's contacts (external assignees, migration 0020).
import type { Kysely, Transaction } from "kysely";
import type { ContactRow, Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** The workspace's contacts by company then name, each with the number of reports assigned to it. */
export const findContacts = (db: Q, workspaceId: string) =>
  db
    .selectFrom("workspace_contacts as k")
    .selectAll("k")
    .select((eb) =>
      eb
        .selectFrom("snagging_reports as r")
        .select(eb.fn.countAll<number | string>().as("n"))
        .whereRef("r.assigned_contact_id", "=", "k.id")
        .as("report_count"),
    )
    .where("k.workspace_id", "=", workspaceId)
    .orderBy("k.company")
    .orderBy("k.name")
    .orderBy("k.id")
    .execute();

export type ContactListRow = Awaited<ReturnType<typeof findContacts>>[number];

export const findContact = (db: Q, workspaceId: string, id: string): Promise<ContactRow | undefined> =>
  db
    .selectFrom("workspace_contacts")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

export const countContactReports = async (db: Q, workspaceId: string, id: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom("snagging_reports")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("workspace_id", "=", workspaceId)
        .where("assigned_contact_id", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function insertContact(db: Q, row: ContactRow): Promise<void> {
  await db.insertInto("workspace_contacts").values(row).execute();
}

export async function updateContact(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Pick<ContactRow, "name" | "company" | "email" | "updated_at">,
): Promise<void> {
  await db
    .updateTable("workspace_contacts")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .execute();
}

/** The ids of the reports assigned to the contact (deleting it unassigns them one by one, with history). */
export const findContactReports = (db: Q, workspaceId: string, id: string) =>
  db
    .selectFrom("snagging_reports")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("assigned_contact_id", "=", id)
    .execute();

export async function deleteContactRow(db: Q, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom("workspace_contacts").where("workspace_id", "=", workspaceId).where("id", "=", id).execute();
}

/** Names of the given contacts ("Name (Company)"), for the text of an assignee change. */
export const findContactNames = (db: Q, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("workspace_contacts")
        .select(["id", "name", "company"])
        .where("id", "in", [...ids])
        .execute();
