// What a refused request must leave unchanged: report rows and the stored files.
import path from "node:path";
import { newId } from "../src/ids";
import { nowSeconds } from "../src/time";
import { insertUser } from "../src/users/users.repository";
import { countRows } from "./assertions";
import type { TestApp } from "./harness";
import { listFiles } from "./images";

export async function snagState(t: TestApp) {
  return {
    reports: await countRows(t, "snagging_reports"),
    attachments: await countRows(t, "attachments"),
    idempotencyKeys: await countRows(t, "idempotency_keys"),
    reportRows: await t.ctx.db.selectFrom("snagging_reports").selectAll().orderBy("id").execute(),
    files: await listFiles(path.join(t.dataDir, "files")),
  };
}

/** A second member of an existing workspace (there is no invitation route yet). */
export async function insertMember(t: TestApp, workspaceId: string, firstName = "Mia"): Promise<string> {
  const row = await insertUser(t.ctx.db, {
    id: newId(),
    workspace_id: workspaceId,
    email: `member.${newId()}@example.com`,
    password_hash: "not-a-real-hash",
    first_name: firstName,
    last_name: "Member",
    role: "user",
    membership_type: "free",
    membership_start_date: null,
    membership_end_date: null,
    created_at: nowSeconds(),
  });
  return row.id;
}
