import type { Kysely, Transaction } from "kysely";
import { preparedQuery } from "../db/prepared";
import type { Database, NewUser, UserRow, UserUpdate } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

const userById = preparedQuery((db, p: { id: string }) => db.selectFrom("users").selectAll().where("id", "=", p.id));

/** Runs on every signed-in request (the guard), hence compiled once outside a transaction. */
export const findUserById = async (db: Q, id: string): Promise<UserRow | undefined> =>
  db.isTransaction
    ? db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()
    : (await userById(db as Kysely<Database>, { id }))[0];

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
