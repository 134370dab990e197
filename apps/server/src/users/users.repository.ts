import type { CursorKey } from "@sitesnag/shared/pagination";
import { searchWords, userSearchText } from "@sitesnag/shared/search";
import type { MembershipFilter } from "@sitesnag/shared/users";
import { type Kysely, sql, type Transaction } from "kysely";
import { afterCursor, likeWord } from "../db/keyset";
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

export async function insertUser(db: Q, user: Omit<NewUser, "search_text">): Promise<UserRow> {
  await db
    .insertInto("users")
    .values({ ...user, search_text: userSearchText(user.first_name, user.last_name, user.email) })
    .execute();
  return (await findUserById(db, user.id)) as UserRow;
}

type SearchedFields = "first_name" | "last_name" | "email";
/**
 * A change of a user: the names and email, which the admin's search folds into search_text, change
 * together (the profile form sends all three) or not at all.
 */
export type UserChanges = Omit<UserUpdate, SearchedFields | "search_text"> &
  (Pick<UserRow, SearchedFields> | { [K in SearchedFields]?: never });

export async function updateUser(db: Q, id: string, changes: UserChanges): Promise<void> {
  const update: UserUpdate =
    changes.email === undefined
      ? changes
      : { ...changes, search_text: userSearchText(changes.first_name, changes.last_name, changes.email) };
  await db.updateTable("users").set(update).where("id", "=", id).execute();
}

/** Everyone in one workspace, owners first, then by name. */
export const findWorkspaceMembers = (db: Q, workspaceId: string): Promise<UserRow[]> =>
  db
    .selectFrom("users")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("workspace_role", "desc")
    .orderBy("first_name")
    .orderBy("last_name")
    .orderBy("id")
    .execute();

export type UserFilter = {
  search?: string | undefined;
  membership: MembershipFilter;
  now: number;
  /** Leave out accounts in demo sandboxes (visitors, not customers), as the admin's figures do. */
  withoutDemo?: boolean;
};

function filteredUsers(db: Q, filter: UserFilter) {
  let q = db.selectFrom("users as u").innerJoin("workspaces as w", "w.id", "u.workspace_id");
  if (filter.withoutDemo) q = q.where("w.is_demo", "=", 0);
  // Every word in the first name, last name or email, ignoring case and accents (search_text is
  // folded by shared/search.ts, and so are the words). ESCAPE spelled out: SQLite has no default.
  for (const word of searchWords(filter.search)) {
    q = q.where(sql<boolean>`u.search_text like ${likeWord(word)} escape '\\'`);
  }
  switch (filter.membership) {
    case "free":
      return q.where("u.membership_type", "=", "free");
    case "inactive":
      return q.where("u.membership_type", "=", "yearly").where("u.membership_end_date", "is", null);
    case "expired":
      return q.where("u.membership_type", "=", "yearly").where("u.membership_end_date", "<", filter.now);
    case "active":
      return q.where("u.membership_type", "=", "yearly").where("u.membership_end_date", ">=", filter.now);
    default:
      return q;
  }
}

/** The workspace facts the admin's list shows beside each user. */
export type AdminListWorkspace = {
  workspace_name: string;
  workspace_storage_bytes: number;
  workspace_is_demo: number;
  /** The platform admin's quota for the workspace (null: the configured default). */
  workspace_storage_quota_bytes: number | null;
};

/**
 * One page of every user (newest first) with the total that matches: after a cursor (keyset) or at
 * an offset; backed by users_created_page and users_membership_page.
 */
export async function findUsersPage(
  db: Q,
  filter: UserFilter,
  page: { offset?: number; after?: CursorKey | undefined; limit: number },
): Promise<{ rows: (UserRow & AdminListWorkspace)[]; total: number }> {
  let q = filteredUsers(db, filter)
    .selectAll("u")
    .select([
      "w.name as workspace_name",
      "w.storage_bytes as workspace_storage_bytes",
      "w.is_demo as workspace_is_demo",
      "w.storage_quota_bytes as workspace_storage_quota_bytes",
    ]);
  if (page.after) q = q.where(afterCursor("u.created_at", "u.id", page.after));
  const [rows, count] = await Promise.all([
    q
      .orderBy("u.created_at", "desc")
      .orderBy("u.id", "desc")
      .limit(page.limit)
      .offset(page.offset ?? 0)
      .execute(),
    filteredUsers(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The user when they belong to this workspace, else undefined (assignees are checked with it). */
export const findWorkspaceMember = (db: Q, workspaceId: string, userId: string): Promise<UserRow | undefined> =>
  db
    .selectFrom("users")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", userId)
    .executeTakeFirst();
