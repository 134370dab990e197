// GET /api/analytics/overview (issue 37) stays a recount of the reports as they move (decision 0086:
// the overview sums tallies kept by triggers). On SQLite and PostgreSQL, reports are moved through
// the API — status, assignee, due date, priority, trade, location, a rejected fix, the Trash and back,
// a purge, a project trashed and restored — and after each move every figure the overview gives is
// worked out again here from the reports' rows as they are in the database, with plain arithmetic.
// Reports sit on the days a figure's edge falls in (7, 30 and 90 days old; due today, due in 7 days),
// a few hours either side of the edge, where a day's tally alone could not tell them apart.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildTallies } from "../src/db/migrations/0055-report-tallies";
import { joinWorkspace } from "./audit-factories";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const DAY = 86_400;
const HOUR = 3_600;
const START = Math.floor(Date.now() / 1000);
const dayOf = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);
function monday(epoch: number): number {
  const d = new Date(epoch * 1000);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - sinceMonday) / 1000;
}

type Row = {
  id: string;
  project_id: string;
  status: string;
  priority: string;
  category: string;
  assigned_to: string | null;
  assigned_contact_id: string | null;
  location_id: string | null;
  due_date: number | null;
  created_at: number;
  resolved_at: number | null;
  assigned_at: number | null;
  rejection_count: number;
};

type Figures = {
  counts: { open: number; overdue: number; dueSoon: number; awaitingVerification: number; total: number };
  weekly: { weekStart: string; opened: number; closed: number }[];
  ageing: { bucket: string; critical: number; high: number; medium: number; low: number }[];
  byTrade: { key: string; open: number; overdue: number }[];
  byAssignee: { id: string; open: number; overdue: number; avgDaysToResolve: number | null; rejections: number }[];
  byLocation: { id: string; open: number; overdue: number }[];
};

describe.each(DIALECTS)("analytics overview as reports move (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;
  let member: AuthResponse;
  let projectId: string;
  let otherProjectId: string;
  let contactId: string;
  const places: Record<string, string> = {};
  const ids: string[] = [];

  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, token: owner.accessToken, ...(payload ? { payload } : {}) });

  async function place(project: string, name: string, parentId?: string) {
    const res = await api("POST", `/api/projects/${project}/locations`, { name, ...(parentId ? { parentId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { location: { id: string } }).location.id;
  }

  /** Every figure worked out from the rows in the database, at `now`. */
  async function recount(project: string | undefined, now: number): Promise<Figures> {
    let q = t.ctx.db
      .selectFrom("snagging_reports")
      .select([
        "id",
        "project_id",
        "status",
        "priority",
        "category",
        "assigned_to",
        "assigned_contact_id",
        "location_id",
        "due_date",
        "created_at",
        "resolved_at",
        "assigned_at",
        "rejection_count",
      ])
      .where("workspace_id", "=", owner.user.workspaceId);
    if (project) q = q.where("project_id", "=", project);
    const rows = (await q.execute()).map((r) => {
      const n = (v: unknown) => (v === null ? null : Number(v));
      return {
        ...r,
        due_date: n(r.due_date),
        created_at: Number(r.created_at),
        resolved_at: n(r.resolved_at),
        assigned_at: n(r.assigned_at),
        rejection_count: Number(r.rejection_count),
      } as Row;
    });
    const locations = await t.ctx.db
      .selectFrom("locations")
      .select(["id", "parent_id", "project_id"])
      .where("workspace_id", "=", owner.user.workspaceId)
      .execute();
    const parentOf = new Map(locations.map((l) => [l.id, l.parent_id]));
    const topOf = (id: string) => {
      let at = id;
      while (parentOf.get(at)) at = parentOf.get(at) as string;
      return at;
    };
    const open = rows.filter((r) => r.status === "open" || r.status === "in-progress");
    const overdue = (r: Row) => r.due_date !== null && r.due_date < now;
    const tally = <K extends string>(list: Row[], key: (r: Row) => K | null) => {
      const out = new Map<K, { open: number; overdue: number }>();
      for (const r of list) {
        const k = key(r);
        if (k === null) continue;
        const v = out.get(k) ?? { open: 0, overdue: 0 };
        out.set(k, { open: v.open + 1, overdue: v.overdue + (overdue(r) ? 1 : 0) });
      }
      return out;
    };
    const age = (r: Row) => {
      const days = (now - r.created_at) / DAY;
      return days <= 7 ? "0-7" : days <= 30 ? "8-30" : days <= 90 ? "31-90" : "90+";
    };
    const firstMonday = monday(now) - 11 * 7 * DAY;
    const toEnd = Date.parse(`${dayOf(now)}T00:00:00Z`) / 1000 + DAY;
    const who = (r: Row) =>
      r.assigned_to ? r.assigned_to : r.assigned_contact_id ? r.assigned_contact_id : (null as string | null);
    const people = new Set([...rows.map(who)].filter((w): w is string => w !== null));
    const topLevel = locations.filter((l) => l.parent_id === null && (!project || l.project_id === project));
    const byPlace = tally(open, (r) => (r.location_id ? topOf(r.location_id) : null));
    return {
      counts: {
        open: open.length,
        overdue: open.filter(overdue).length,
        dueSoon: open.filter((r) => r.due_date !== null && r.due_date >= now && r.due_date < now + 7 * DAY).length,
        awaitingVerification: rows.filter((r) => r.status === "resolved").length,
        total: rows.length,
      },
      weekly: Array.from({ length: 12 }, (_, i) => {
        const start = firstMonday + i * 7 * DAY;
        const end = start + 7 * DAY;
        return {
          weekStart: dayOf(start),
          opened: rows.filter((r) => r.created_at >= start && r.created_at < end).length,
          closed: rows.filter((r) => r.resolved_at !== null && r.resolved_at >= start && r.resolved_at < end).length,
        };
      }),
      ageing: ["0-7", "8-30", "31-90", "90+"].map((bucket) => ({
        bucket,
        critical: open.filter((r) => age(r) === bucket && r.priority === "critical").length,
        high: open.filter((r) => age(r) === bucket && r.priority === "high").length,
        medium: open.filter((r) => age(r) === bucket && r.priority === "medium").length,
        low: open.filter((r) => age(r) === bucket && r.priority === "low").length,
      })),
      byTrade: [...tally(open, (r) => r.category)]
        .map(([key, v]) => ({ key, ...v }))
        .sort((a, b) => a.key.localeCompare(b.key)),
      byAssignee: [...people]
        .map((id) => {
          const mine = rows.filter((r) => who(r) === id);
          const done = mine.filter(
            (r) =>
              r.resolved_at !== null &&
              r.assigned_at !== null &&
              r.resolved_at >= r.assigned_at &&
              r.resolved_at >= firstMonday &&
              r.resolved_at < toEnd,
          );
          const secs = done.reduce((n, r) => n + ((r.resolved_at as number) - (r.assigned_at as number)), 0);
          return {
            id,
            open: mine.filter((r) => open.includes(r)).length,
            overdue: mine.filter((r) => open.includes(r) && overdue(r)).length,
            avgDaysToResolve: done.length === 0 ? null : Math.round((secs / done.length / DAY) * 10) / 10,
            rejections: mine.reduce((n, r) => n + r.rejection_count, 0),
          };
        })
        .sort((a, b) => a.id.localeCompare(b.id)),
      byLocation: topLevel
        .map((l) => ({ id: l.id, ...(byPlace.get(l.id) ?? { open: 0, overdue: 0 }) }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
  }

  /** The overview, in the recount's shape. */
  async function overview(project: string | undefined): Promise<Figures> {
    const res = await api("GET", `/api/analytics/overview${project ? `?projectId=${project}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as Figures & { byTrade: { key: string; open: number; overdue: number; name: string }[] };
    return {
      counts: o.counts,
      weekly: o.weekly.map((w) => ({ weekStart: w.weekStart, opened: w.opened, closed: w.closed })),
      ageing: o.ageing,
      byTrade: o.byTrade
        .filter((r) => r.open > 0)
        .map((r) => ({ key: r.key, open: r.open, overdue: r.overdue }))
        .sort((a, b) => a.key.localeCompare(b.key)),
      byAssignee: o.byAssignee
        .map((r) => ({
          id: r.id,
          open: r.open,
          overdue: r.overdue,
          avgDaysToResolve: r.avgDaysToResolve,
          rejections: r.rejections,
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
      byLocation: o.byLocation
        .map((r) => ({ id: r.id, open: r.open, overdue: r.overdue }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
  }

  /** The workspace's and each project's overview equal a recount (the clock read around the request). */
  async function expectRecount(step: string, projects = [projectId, otherProjectId]) {
    for (const project of [undefined, ...projects]) {
      const got = await overview(project);
      const now = Math.floor(Date.now() / 1000);
      expect(got, `${step}, ${project ?? "workspace"}`).toEqual(await recount(project, now));
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    member = await joinWorkspace(t, owner.accessToken, "Mia");
    projectId = (await createProject(t, owner.accessToken, { name: "Block B" })).id;
    otherProjectId = (await createProject(t, owner.accessToken, { name: "Annex" })).id;
    const contact = await api("POST", "/api/contacts", {
      name: "Pat Plumber",
      company: "Acme",
      email: "pat@acme.example",
    });
    contactId = (contact.json() as { contact: { id: string } }).contact.id;
    places.level1 = await place(projectId, "Level 1");
    places.flat101 = await place(projectId, "Flat 101", places.level1);
    places.level2 = await place(projectId, "Level 2");
    places.annexGround = await place(otherProjectId, "Ground");

    // Reports either side of every edge, a few hours off it, with every status, priority and assignee.
    const ages = [0.1, 2, 7 - 3 / 24, 7 + 3 / 24, 20, 30 - 3 / 24, 30 + 3 / 24, 60, 90 - 3 / 24, 90 + 3 / 24, 200];
    const dues = [null, -40, -1, -3 / 24, 3 / 24, 2, 7 - 3 / 24, 7 + 3 / 24, 30];
    const statuses = ["open", "in-progress", "open", "resolved", "closed", "open", "in-progress"] as const;
    const priorities = ["critical", "high", "medium", "low"] as const;
    const trades = ["plumbing", "electrical", "finish"];
    const spots = [null, "level1", "flat101", "level2"];
    for (let i = 0; i < 44; i++) {
      const status = statuses[i % statuses.length] as (typeof statuses)[number];
      const age = ages[i % ages.length] as number;
      const due = dues[i % dues.length];
      const created = Math.round(START - age * DAY);
      const assignee = i % 3;
      const resolved = status === "resolved" || status === "closed" ? Math.round(created + (age / 2) * DAY) : null;
      const spot = spots[i % spots.length];
      const row = await insertReport(
        t,
        { workspaceId: owner.user.workspaceId, projectId: i % 5 === 4 ? otherProjectId : projectId },
        {
          status,
          priority: priorities[i % 4],
          category: trades[i % 3],
          assigned_to: assignee === 0 ? member.user.id : null,
          assigned_contact_id: assignee === 1 ? contactId : null,
          assigned_at: assignee === 2 ? null : created + HOUR,
          due_date: due === null || due === undefined ? null : Math.round(START + due * DAY),
          location_id: i % 5 === 4 ? places.annexGround : spot ? places[spot] : null,
          created_at: created,
          updated_at: created,
          resolved_at: resolved,
          rejection_count: i % 7 === 3 ? 2 : 0,
        },
      );
      ids.push(row.id as string);
    }
  });
  afterAll(() => t.close());

  it("equals a recount as seeded", async () => {
    await expectRecount("seeded");
  });

  it("equals a recount after status changes, a rejected fix and an accepted one", async () => {
    const [a, b, c] = ids;
    expect((await api("PATCH", `/api/snagging/${a}`, { status: "in-progress" })).statusCode).toBe(200);
    expect((await api("PATCH", `/api/snagging/${b}`, { status: "resolved" })).statusCode).toBe(200);
    await expectRecount("resolved");
    const reject = await api("POST", `/api/snagging/${b}/verification`, { decision: "reject", reason: "Still loose" });
    expect(reject.statusCode, reject.body).toBe(200);
    await expectRecount("rejected");
    expect((await api("PATCH", `/api/snagging/${c}`, { status: "resolved" })).statusCode).toBe(200);
    const accept = await api("POST", `/api/snagging/${c}/verification`, { decision: "accept" });
    expect(accept.statusCode, accept.body).toBe(200);
    await expectRecount("accepted");
  });

  it("equals a recount after reassigning, new due dates, priorities and trades", async () => {
    const patch = async (id: string | undefined, payload: object) => {
      const res = await api("PATCH", `/api/snagging/${id}`, payload);
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch(ids[5], { assignedTo: contactId });
    await patch(ids[6], { assignedTo: member.user.id });
    await patch(ids[7], { assignedTo: null });
    await expectRecount("reassigned");
    await patch(ids[8], { dueDate: START - 2 * HOUR });
    await patch(ids[9], { dueDate: START + 7 * DAY - HOUR });
    await patch(ids[10], { dueDate: null });
    await patch(ids[12], { priority: "critical", category: "hvac" });
    await expectRecount("due dates, priority, trade");
  });

  it("equals a recount after bulk moves between locations and a bulk status change", async () => {
    const bulk = async (some: string[], changes: object) => {
      const res = await api("POST", "/api/snagging/bulk", { ids: some, changes });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { results: { ok: boolean }[] }).results.every((r) => r.ok)).toBe(true);
    };
    const inBlockB = ids.filter((_, i) => i % 5 !== 4);
    await bulk(inBlockB.slice(0, 6), { locationId: places.flat101 });
    await bulk(inBlockB.slice(6, 9), { locationId: null });
    await expectRecount("moved");
    await bulk(inBlockB.slice(9, 15), { status: "closed" });
    await bulk(inBlockB.slice(15, 18), { assignedTo: contactId, dueDate: START - 3 * DAY });
    await expectRecount("bulk status, assignee, due date");
  });

  it("equals a recount through the Trash: deleted, restored, purged, a project and back", async () => {
    const trashed = async (id: string | undefined) =>
      (
        await t.ctx.db
          .selectFrom("trash_items")
          .select("id")
          .where("item_id", "=", id as string)
          .executeTakeFirst()
      )?.id;
    expect((await api("DELETE", `/api/snagging/${ids[20]}`)).statusCode).toBe(204);
    expect((await api("DELETE", `/api/snagging/${ids[21]}`)).statusCode).toBe(204);
    await expectRecount("two in the Trash");
    const back = await api("POST", `/api/trash/${await trashed(ids[20])}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await api("DELETE", `/api/trash/${await trashed(ids[21])}`)).statusCode).toBe(204);
    await expectRecount("one restored, one purged");
    expect((await api("DELETE", `/api/projects/${otherProjectId}`)).statusCode).toBe(204);
    await expectRecount("a project in the Trash", [projectId]);
    const project = await api("POST", `/api/trash/${await trashed(otherProjectId)}/restore`);
    expect(project.statusCode, project.body).toBe(200);
    await expectRecount("the project restored");
  });

  it("equals a recount after a report made through the API and one deleted with its location", async () => {
    const made = await api("POST", "/api/snagging", {
      projectId,
      priority: "high",
      assignedTo: member.user.id,
      dueDate: START + 2 * DAY,
      description: "Loose socket",
    });
    expect(made.statusCode, made.body).toBe(201);
    const gone = await api("DELETE", `/api/locations/${places.level2}`);
    expect(gone.statusCode, gone.body).toBe(200);
    await expectRecount("made, a location deleted");
  });

  it("rebuilds from the reports (the migration's fill, bulk loads) exactly what the triggers kept", async () => {
    const ws = owner.user.workspaceId;
    const kept = async () =>
      (
        await sql<{
          row: string;
        }>`select kind || ' ' || project_id || ' ' || key || ' ' || day || ' ' || n || ' ' || secs as row
          from report_tallies where workspace_id = ${ws} and (n <> 0 or secs <> 0) order by 1`.execute(t.ctx.db)
      ).rows.map((r) => r.row);
    const byTriggers = await kept();
    expect(byTriggers.length).toBeGreaterThan(50);
    await sql`delete from report_tallies where workspace_id = ${ws}`.execute(t.ctx.db);
    await sql.raw(rebuildTallies(`r.workspace_id = '${ws}'`)).execute(t.ctx.db);
    expect(await kept()).toEqual(byTriggers);
  });
});
