import type { Kysely, Transaction } from "kysely";
import type { Database, NewUser, UserRow, UserUpdate } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findUserById = (db: Q, id: string): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

export const findUserByEmail = (db: Q, email: string): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

export async function insertUser(db: Q, user: NewUser): Promise<UserRow> {
  await db.insertInto("users").values(user).execute();
  return (await findUserById(db, user.id)) as UserRow;
}

export async function updateUser(db: Q, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

/** The user when they belong to this workspace, else undefined (assignees are checked with it). */
export const findWorkspaceMember = (db: Q, workspaceId: string, userId: string): Promise<UserRow | undefined> =>
  db
    .selectFrom("users")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", userId)
    .executeTakeFirst();
