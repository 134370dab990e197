// Rows of single sign-on: a workspace's connection, the (issuer, subject) links and started flows.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** The SecretBox purpose of a workspace's client secret: a sealed value cannot move to another row. */
export const secretPurpose = (workspaceId: string) => `sso-client-secret:${workspaceId}`;

export const findConnection = (db: Q, workspaceId: string) =>
  db.selectFrom("sso_connections").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();

export const findConnectionByDomain = (db: Q, domain: string) =>
  db.selectFrom("sso_connections").selectAll().where("domain", "=", domain).executeTakeFirst();

export async function countLinkedMembers(db: Q, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("sso_identities as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .select((eb) => eb.fn.count<string>("i.id").as("n"))
    .where("u.workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const findIdentity = (db: Q, issuer: string, subject: string) =>
  db
    .selectFrom("sso_identities")
    .selectAll()
    .where("issuer", "=", issuer)
    .where("subject", "=", subject)
    .executeTakeFirst();

/** Whether the account is linked to an identity already: of this issuer, or of any when none is named. */
export async function hasIdentity(db: Q, userId: string, issuer?: string): Promise<boolean> {
  let query = db.selectFrom("sso_identities").select("id").where("user_id", "=", userId);
  if (issuer !== undefined) query = query.where("issuer", "=", issuer);
  return (await query.executeTakeFirst()) !== undefined;
}
