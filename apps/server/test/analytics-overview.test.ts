// GET /api/analytics/overview (issue 37) on SQLite and PostgreSQL. A workspace seeded with reports
// whose every time is known; each figure the answer gives is worked out again here from the seed
// with plain arithmetic (its own week maths, its own buckets), never with the product's functions.
// Then the write path: statuses, assignment and a rejected fix through the API move the figures.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnaggingReportsTable } from "../src/db/schema";
import { expectError } from "./assertions";
import { joinWorkspace } from "./audit-factories";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);
/** Monday 00:00 UTC of the week holding `epoch`, worked out from the calendar. */
function monday(epoch: number): number {
  const d = new Date(epoch * 1000);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - sinceMonday) / 1000;
}

type Seed = Insertable<SnaggingReportsTable>;
type Overview = {
  range: { from: string; to: string };
  counts: { open: number; overdue: number; dueSoon: number; awaitingVerification: number; total: number };
  weekly: { weekStart: string; opened: number; closed: number; open: number }[];
  projection: { date: string | null; converging: boolean };
  ageing: { bucket: string; critical: number; high: number; medium: number; low: number }[];
  byTrade: { key: string; name: string; open: number; overdue: number }[];
  byAssignee: {
    id: string;
    kind: string;
    name: string;
    open: number;
    overdue: number;
    avgDaysToResolve: number | null;
    rejections: number;
  }[];
  location: { id: string; path: string } | null;
  byLocation: { id: string; projectId: string; path: string; open: number; overdue: number; hasChildren: boolean }[];
};

const isOpen = (r: Seed) => r.status === "open" || r.status === "in-progress";
const isOverdue = (r: Seed) => isOpen(r) && r.due_date != null && r.due_date < now;

describe.each(DIALECTS)("analytics overview (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;
  let member: AuthResponse;
  let projectId: string;
  let otherProjectId: string;
  let contactId: string;
  const locations: Record<string, string> = {};
  const seeds: Seed[] = [];

  async function get(query: string, token = owner.accessToken) {
    return t.request({ method: "GET", url: `/api/analytics/overview${query}`, token });
  }
  async function overview(query: string, token = owner.accessToken): Promise<Overview> {
    const res = await get(query, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Overview;
  }
  async function place(name: string, parentId?: string) {
    const res = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/locations`,
      token: owner.accessToken,
      payload: { name, ...(parentId ? { parentId } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { location: { id: string } }).location.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    member = await joinWorkspace(t, owner.accessToken, "Mia");
    projectId = (await createProject(t, owner.accessToken, { name: "Block B" })).id;
    otherProjectId = (await createProject(t, owner.accessToken, { name: "Annex" })).id;
    const contact = await t.request({
      method: "POST",
      url: "/api/contacts",
      token: owner.accessToken,
      payload: { name: "Pat Plumber", company: "Acme", email: "pat@acme.example" },
    });
    contactId = (contact.json() as { contact: { id: string } }).contact.id;
    locations.level1 = await place("Level 1");
    locations.flat101 = await place("Flat 101", locations.level1);
    locations.level2 = await place("Level 2");

    const ws = owner.user.workspaceId;
    const base = { workspace_id: ws, project_id: projectId };
    const m = member.user.id;
    // age (days), status, priority, trade, assignee, due (days from now), location, resolved (days ago), assigned (days ago), rejections
    const rows: [
      number,
      Seed["status"],
      Seed["priority"],
      string,
      string | null,
      number | null,
      string | null,
      number | null,
      number | null,
      number,
    ][] = [
      [1, "open", "critical", "electrical", m, -1, "flat101", null, 1, 0],
      [3, "in-progress", "high", "plumbing", `c:${contactId}`, 3, "level1", null, 3, 0],
      [10, "open", "high", "plumbing", `c:${contactId}`, -5, "level2", null, 10, 2],
      [20, "open", "medium", "finish", null, 20, null, null, null, 0],
      [45, "open", "low", "finish", m, -30, "flat101", null, 40, 1],
      [120, "open", "critical", "structural", m, null, "level1", null, 100, 0],
      [15, "resolved", "medium", "electrical", m, -2, null, 5, 12, 0],
      [30, "closed", "high", "plumbing", `c:${contactId}`, null, "level2", 9, 28, 1],
      [60, "closed", "low", "electrical", m, null, null, 50, 58, 0],
      [8, "closed", "medium", "finish", m, null, null, 2, 6, 0],
    ];
    for (const [age, status, priority, category, who, due, loc, resolved, assigned, rejections] of rows) {
      const seed = await insertReport(
        t,
        { workspaceId: ws, projectId, userId: owner.user.id },
        {
          ...base,
          status,
          priority,
          category,
          assigned_to: who && !who.startsWith("c:") ? who : null,
          assigned_contact_id: who?.startsWith("c:") ? who.slice(2) : null,
          due_date: due === null ? null : now + due * DAY,
          location_id: loc ? (locations[loc] as string) : null,
          created_at: now - age * DAY,
          updated_at: now,
          resolved_at: resolved === null ? null : now - resolved * DAY,
          assigned_at: assigned === null ? null : now - assigned * DAY,
          rejection_count: rejections,
        },
      );
      seeds.push(seed);
    }
    // Another project of the workspace: in the workspace's figures, not in Block B's.
    seeds.push(
      await insertReport(
        t,
        { workspaceId: ws, projectId: otherProjectId },
        { status: "open", priority: "high", category: "hvac", created_at: now - 2 * DAY, due_date: now - DAY },
      ),
    );
  });
  afterAll(() => t.close());

  const inBlockB = () => seeds.filter((s) => s.project_id === projectId);

  it("counts open, overdue, due within 7 days, awaiting verification and the total", async () => {
    for (const [query, scope] of [
      [`?projectId=${projectId}`, inBlockB()],
      ["", seeds],
    ] as const) {
      const o = await overview(query);
      expect(o.counts).toEqual({
        open: scope.filter(isOpen).length,
        overdue: scope.filter(isOverdue).length,
        dueSoon: scope.filter((r) => isOpen(r) && r.due_date != null && r.due_date >= now && r.due_date < now + 7 * DAY)
          .length,
        awaitingVerification: scope.filter((r) => r.status === "resolved").length,
        total: scope.length,
      });
    }
    // Block B by hand: 6 open (2 overdue + the contact's overdue), 1 due soon, 1 resolved, 10 in all.
    expect((await overview(`?projectId=${projectId}`)).counts).toEqual({
      open: 6,
      overdue: 3,
      dueSoon: 1,
      awaitingVerification: 1,
      total: 10,
    });
  });

  it("splits open snags by age and priority", async () => {
    const o = await overview(`?projectId=${projectId}`);
    const bucketOf = (r: Seed) => {
      const days = (now - (r.created_at as number)) / DAY;
      return days <= 7 ? "0-7" : days <= 30 ? "8-30" : days <= 90 ? "31-90" : "90+";
    };
    for (const row of o.ageing)
      for (const p of ["critical", "high", "medium", "low"] as const)
        expect(row[p], `${row.bucket} ${p}`).toBe(
          inBlockB().filter((r) => isOpen(r) && bucketOf(r) === row.bucket && r.priority === p).length,
        );
    expect(o.ageing.map((r) => r.bucket)).toEqual(["0-7", "8-30", "31-90", "90+"]);
    expect(o.ageing[3]).toEqual({ bucket: "90+", critical: 1, high: 0, medium: 0, low: 0 });
  });

  it("gives opened, closed and the open count per week, and where the trend leads", async () => {
    const o = await overview(`?projectId=${projectId}`);
    expect(o.weekly).toHaveLength(12);
    const thisMonday = monday(now);
    expect(o.weekly.at(-1)?.weekStart).toBe(day(thisMonday));
    expect(o.weekly[0]?.weekStart).toBe(day(thisMonday - 11 * 7 * DAY));
    for (const w of o.weekly) {
      const start = Date.parse(`${w.weekStart}T00:00:00Z`) / 1000;
      const end = start + 7 * DAY;
      const rows = inBlockB();
      expect(w.opened, w.weekStart).toBe(
        rows.filter((r) => (r.created_at as number) >= start && (r.created_at as number) < end).length,
      );
      expect(w.closed, w.weekStart).toBe(
        rows.filter((r) => r.resolved_at != null && r.resolved_at >= start && r.resolved_at < end).length,
      );
      const endOrNow = Math.min(end, now + 1);
      expect(w.open, w.weekStart).toBe(
        rows.filter((r) => (r.created_at as number) < endOrNow && (r.resolved_at == null || r.resolved_at >= endOrNow))
          .length,
      );
    }
    // Last 28 days: 6 made (ages 1, 3, 10, 15, 20, 8), 3 resolved (5, 9, 2 days ago): more open than close.
    expect(o.projection).toMatchObject({ date: null, converging: false });
  });

  it("lists trades and assignees with open, overdue, average days to resolve and rejections", async () => {
    const o = await overview(`?projectId=${projectId}`);
    const trades = new Map(o.byTrade.map((r) => [r.key, r]));
    for (const key of new Set(
      inBlockB()
        .filter(isOpen)
        .map((r) => r.category as string),
    )) {
      const open = inBlockB().filter((r) => isOpen(r) && r.category === key);
      expect(trades.get(key), key).toMatchObject({ open: open.length, overdue: open.filter(isOverdue).length });
    }
    expect(trades.get("plumbing")?.name).toBe("Plumbing");
    expect(trades.has("hvac")).toBe(false);

    const people = new Map(o.byAssignee.map((r) => [r.id, r]));
    const expectFor = (id: string, kind: string, mine: (r: Seed) => boolean) => {
      const rows = inBlockB().filter(mine);
      const resolved = rows.filter((r) => r.resolved_at != null && r.assigned_at != null);
      const avg =
        resolved.length === 0
          ? null
          : Math.round(
              (resolved.reduce((n, r) => n + ((r.resolved_at as number) - (r.assigned_at as number)), 0) /
                resolved.length /
                DAY) *
                10,
            ) / 10;
      expect(people.get(id)).toEqual({
        id,
        kind,
        name: expect.any(String),
        open: rows.filter(isOpen).length,
        overdue: rows.filter(isOverdue).length,
        avgDaysToResolve: avg,
        rejections: rows.reduce((n, r) => n + (r.rejection_count ?? 0), 0),
      });
    };
    expectFor(member.user.id, "member", (r) => r.assigned_to === member.user.id);
    expectFor(contactId, "contact", (r) => r.assigned_contact_id === contactId);
    // By hand: Mia resolved three (7, 8 and 4 days after assignment): 6.3 days; Pat one in 19 days, 3 rejections.
    expect(people.get(member.user.id)?.avgDaysToResolve).toBe(6.3);
    expect(people.get(contactId)).toMatchObject({ name: "Pat Plumber", avgDaysToResolve: 19, rejections: 3 });
  });

  it("counts open and overdue per location with everything under it, one level at a time", async () => {
    const top = await overview(`?projectId=${projectId}`);
    expect(top.location).toBeNull();
    expect(top.byLocation).toEqual([
      { id: locations.level1, projectId, path: "Level 1", open: 4, overdue: 2, hasChildren: true },
      { id: locations.level2, projectId, path: "Level 2", open: 1, overdue: 1, hasChildren: false },
    ]);
    const down = await overview(`?projectId=${projectId}&locationId=${locations.level1}`);
    expect(down.location).toMatchObject({ id: locations.level1, path: "Level 1" });
    expect(down.byLocation).toEqual([
      { id: locations.flat101, projectId, path: "Level 1 > Flat 101", open: 2, overdue: 2, hasChildren: false },
    ]);
    // Workspace-wide, a top-level place is named with its project.
    const everywhere = await overview("");
    expect(everywhere.byLocation.map((l) => l.path)).toEqual(["Block B — Level 1", "Block B — Level 2"]);
  });

  it("moves with the work done through the API: a resolve, a rejected fix, an accepted one", async () => {
    const before = await overview(`?projectId=${otherProjectId}`);
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId: otherProjectId, priority: "high", assignedTo: member.user.id, description: "Loose socket" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { report: { id: string } }).report.id;
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: "PATCH", url: `/api/snagging/${id}`, token: owner.accessToken, payload });
    expect((await patch({ status: "resolved" })).statusCode).toBe(200);
    const reject = await t.request({
      method: "POST",
      url: `/api/snagging/${id}/verification`,
      token: owner.accessToken,
      payload: { decision: "reject", reason: "Still loose" },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const afterReject = await overview(`?projectId=${otherProjectId}`);
    expect(afterReject.counts.open).toBe(before.counts.open + 1);
    expect(afterReject.weekly.at(-1)?.closed).toBe(before.weekly.at(-1)?.closed); // reopened: not closed any more
    expect(afterReject.byAssignee.find((a) => a.id === member.user.id)?.rejections).toBe(1);
    expect((await patch({ status: "resolved" })).statusCode).toBe(200);
    const accepted = await t.request({
      method: "POST",
      url: `/api/snagging/${id}/verification`,
      token: owner.accessToken,
      payload: { decision: "accept" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await overview(`?projectId=${otherProjectId}`);
    expect(after.counts.open).toBe(before.counts.open);
    expect(after.weekly.at(-1)?.closed).toBe((before.weekly.at(-1)?.closed ?? 0) + 1);
    expect(after.weekly.at(-1)?.opened).toBe((before.weekly.at(-1)?.opened ?? 0) + 1);
    const mia = after.byAssignee.find((a) => a.id === member.user.id);
    expect(mia?.avgDaysToResolve).toBe(0);
  });

  it("links each figure to a report list filter that finds as many reports", async () => {
    const o = await overview(`?projectId=${projectId}`);
    const listed = async (filter: string) => {
      const res = await t.request({
        method: "GET",
        url: `/api/snagging?projectId=${projectId}&${filter}`,
        token: owner.accessToken,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { reports: unknown[] }).reports.length;
    };
    expect(await listed("unresolved=1")).toBe(o.counts.open);
    expect(await listed("due=overdue")).toBe(o.counts.overdue);
    expect(await listed("due=soon")).toBe(o.counts.dueSoon);
    expect(await listed("status=resolved")).toBe(o.counts.awaitingVerification);
    for (const row of o.ageing)
      for (const p of ["critical", "high", "medium", "low"] as const)
        expect(await listed(`age=${encodeURIComponent(row.bucket)}&priority=${p}`), `${row.bucket} ${p}`).toBe(row[p]);
    for (const trade of o.byTrade) {
      expect(await listed(`unresolved=1&category=${trade.key}`)).toBe(trade.open);
      expect(await listed(`due=overdue&category=${trade.key}`)).toBe(trade.overdue);
    }
    for (const person of o.byAssignee) expect(await listed(`unresolved=1&assignedTo=${person.id}`)).toBe(person.open);
    for (const place of o.byLocation) expect(await listed(`unresolved=1&locationId=${place.id}`)).toBe(place.open);
    // The weekly chart's bars: reports made, and resolved (still resolved or closed), in that week.
    expect(o.weekly.some((w) => w.opened > 0) && o.weekly.some((w) => w.closed > 0)).toBe(true);
    for (const week of o.weekly) {
      expect(await listed(`openedWeek=${week.weekStart}`), `opened ${week.weekStart}`).toBe(week.opened);
      expect(await listed(`closedWeek=${week.weekStart}`), `closed ${week.weekStart}`).toBe(week.closed);
    }
    expectError(
      await t.request({ method: "GET", url: "/api/snagging?openedWeek=2026-02-30", token: owner.accessToken }),
      400,
      "Opened week must be a date (YYYY-MM-DD)",
    );
    const counts = await t.request({
      method: "GET",
      url: `/api/snagging/counts?projectId=${projectId}&due=overdue`,
      token: owner.accessToken,
    });
    expect((counts.json() as { counts: { all: number } }).counts.all).toBe(o.counts.overdue);
    expectError(
      await t.request({ method: "GET", url: "/api/snagging?due=late", token: owner.accessToken }),
      400,
      "Due must be overdue or soon",
    );
  });

  it("takes a date range: the weeks it covers", async () => {
    const to = day(now);
    const from = day(monday(now) - 3 * 7 * DAY);
    const o = await overview(`?projectId=${projectId}&from=${from}&to=${to}`);
    expect(o.range).toEqual({ from, to });
    expect(o.weekly.map((w) => w.weekStart)).toEqual([0, 1, 2, 3].map((i) => day(monday(now) - (3 - i) * 7 * DAY)));
  });

  it("refuses a bad range, and another workspace's project or location reads as missing", async () => {
    expectError(await get("?from=2026-05-02&to=2026-05-01"), 400, "From must be on or before To");
    expectError(await get("?from=2020-01-01&to=2026-01-02"), 400, "The date range can be at most 5 years");
    expectError(await get("?from=2026-02-30"), 400, "From must be a date (YYYY-MM-DD)");
    expectError(await get("?to=yesterday"), 400, "To must be a date (YYYY-MM-DD)");
    expectError(await get("?projectId=not-a-uuid"), 404);
    const outsider = await signUp(t);
    expectError(await get(`?projectId=${projectId}`, outsider.accessToken), 404);
    expectError(await get(`?locationId=${locations.level1}`, outsider.accessToken), 404);
    // The outsider's own overview holds nothing of ours.
    const theirs = await overview("", outsider.accessToken);
    expect(theirs.counts.total).toBe(0);
    expect(theirs.byLocation).toEqual([]);
    expect(theirs.byAssignee).toEqual([]);
    // A location of another project than the one named: missing too.
    expectError(await get(`?projectId=${otherProjectId}&locationId=${locations.level1}`), 404);
    expectError(await t.request({ method: "GET", url: "/api/analytics/overview" }), 401);
  });
});
