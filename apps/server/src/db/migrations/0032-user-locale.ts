import type { Kysely } from "kysely";

// Each person's language (issue 35, decision 0050): one of the shipped locale codes
// (shared/i18n/locales.ts). Everyone before this migration reads English, the source language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("locale", "varchar(16)", (c) => c.notNull().defaultTo("en-GB"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("locale").execute();
}
