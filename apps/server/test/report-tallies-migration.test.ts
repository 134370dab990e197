// Migration 0055 (decision 0086) on a database that already holds reports, on SQLite and
// PostgreSQL: taken down and up again, it fills the overview's tallies from the reports exactly as
// the triggers had kept them, the overview answers the same, and on PostgreSQL every search
// document is written again (with its workspace's tag) and still found.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, migratorFor } from "../src/db/migrate";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const DAY = 86_400;

describe.each(DIALECTS)("migration 0055 over existing reports (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let workspaceId: string;

  const tallies = async () =>
    (
      await sql<{
        row: string;
      }>`select kind || ' ' || project_id || ' ' || key || ' ' || day || ' ' || n || ' ' || secs as row
        from report_tallies where workspace_id = ${workspaceId} and (n <> 0 or secs <> 0) order by 1`.execute(t.ctx.db)
    ).rows.map((r) => r.row);
  const overview = async () =>
    (await t.request({ method: "GET", url: "/api/analytics/overview", token })).json() as Record<string, unknown>;
  const search = async (q: string) =>
    (
      (await t.request({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}`, token })).json() as {
        results: { id: string }[];
      }
    ).results.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await signUp(t);
    token = owner.accessToken;
    workspaceId = owner.user.workspaceId;
    const projectId = (await createProject(t, token, { name: "Quarry Lane" })).id;
    const now = Math.floor(Date.now() / 1000);
    const statuses = ["open", "in-progress", "resolved", "closed"] as const;
    for (let i = 0; i < 24; i++)
      await insertReport(
        t,
        { workspaceId, projectId, userId: owner.user.id },
        {
          status: statuses[i % 4],
          priority: (["critical", "high", "medium", "low"] as const)[i % 4],
          category: ["plumbing", "finish", "electrical"][i % 3],
          assigned_to: i % 2 === 0 ? owner.user.id : null,
          assigned_at: i % 2 === 0 ? now - i * DAY : null,
          due_date: i % 3 === 0 ? null : now + (i - 12) * DAY,
          created_at: now - i * 5 * DAY,
          resolved_at: i % 4 >= 2 ? now - i * DAY + 3_600 : null,
          rejection_count: i % 5 === 0 ? 1 : 0,
          description: i === 7 ? "Efflorescence on the brickwork" : "Cracked tile",
        },
      );
  });
  afterAll(() => t.close());

  it("down and up again: the same tallies, overview and search answers", async () => {
    const keptTallies = await tallies();
    const keptOverview = await overview();
    const found = await search("efflor");
    expect(keptTallies.length).toBeGreaterThan(30);
    expect(found).toHaveLength(1);

    // Down to the migration before 0055 (through any later ones), then up to the latest again.
    const { error, results } = await migratorFor(t.ctx.db, t.schema).migrateTo("0054-webhook-endpoint-due");
    expect(error).toBeUndefined();
    expect(results?.find((r) => r.migrationName === "0055-report-tallies")).toMatchObject({
      direction: "Down",
      status: "Success",
    });
    await migrateToLatest(t.ctx.db, t.schema);

    expect(await tallies()).toEqual(keptTallies);
    expect(await overview()).toEqual(keptOverview);
    expect(await search("efflor")).toEqual(found);
    expect((await search("cracked tile")).length).toBe(20);
    if (kind === "postgres") {
      // Every report's document carries the workspace's tag on each word, and no '#workspace' lexeme.
      const { rows } = await sql<{ tagged: string; total: string }>`
        select count(*) filter (where not exists (select 1 from unnest(d.doc) u where left(u.lexeme, 8) <> search_tag(${workspaceId})))::text as tagged,
          count(*)::text as total
        from search_documents d where d.workspace_id = ${workspaceId} and d.kind = 'report'`.execute(t.ctx.db);
      expect(rows[0]).toEqual({ tagged: "24", total: "24" });
    }
  });
});
