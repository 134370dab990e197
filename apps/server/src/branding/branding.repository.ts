import type { Kysely, Transaction } from "kysely";
import type { Database, WorkspaceBrandingTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findBranding = (db: Q, workspaceId: string) =>
  db.selectFrom("workspace_branding").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();

/** Sets the given columns, creating the workspace's row when it has none. */
export async function saveBranding(
  db: Q,
  workspaceId: string,
  changes: Partial<Omit<WorkspaceBrandingTable, "workspace_id">> & { updated_at: number },
): Promise<void> {
  await db
    .insertInto("workspace_branding")
    .values({ workspace_id: workspaceId, company_name: null, accent_colour: null, logo_key: null, ...changes })
    .onConflict((oc) => oc.column("workspace_id").doUpdateSet(changes))
    .execute();
}
