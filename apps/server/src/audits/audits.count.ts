// GET /api/audits/count: the dashboard's Audits Run, every audit of the caller's workspace (a
// teammate's too). The device adds its own audits not uploaded yet (app/dashboard-screen.tsx).
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { countAudits } from "./audits.repository";

export async function countWorkspaceAudits(ctx: AppContext, user: UserRow): Promise<{ count: number }> {
  return { count: await countAudits(ctx.db, user.workspace_id) };
}
