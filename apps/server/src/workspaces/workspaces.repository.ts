import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertWorkspace(
  db: Q,
  workspace: { id: string; name: string; isDemo: boolean; expiresAt: number | null; createdAt: number },
): Promise<void> {
  await db
    .insertInto("workspaces")
    .values({
      id: workspace.id,
      name: workspace.name,
      is_demo: workspace.isDemo ? 1 : 0,
      expires_at: workspace.expiresAt,
      created_at: workspace.createdAt,
    })
    .execute();
}

/** Whether a workspace is a demo sandbox (deleted after a day, with every account in it). */
export async function isDemoWorkspace(db: Q, id: string): Promise<boolean> {
  const row = await db.selectFrom("workspaces").select("is_demo").where("id", "=", id).executeTakeFirst();
  return Number(row?.is_demo) === 1;
}

export const findExpiredDemoWorkspaceIds = async (db: Q, now: number): Promise<string[]> =>
  (
    await db
      .selectFrom("workspaces")
      .select("id")
      .where("is_demo", "=", 1)
      .where("expires_at", "<", now)
      .limit(500)
      .execute()
  ).map((r) => r.id);

export async function deleteWorkspaces(db: Q, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("workspaces").where("id", "in", ids).execute();
}
