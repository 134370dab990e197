// Cursor pagination of the lists (decision 0018) through HTTP: order, cursors, filters with
// cursors, bad input, the unpaged cap, workspace isolation, and rows inserted while paging.
import type { NotificationList } from "@sitesnag/shared/notifications";
import { encodeCursor, INVALID_CURSOR, UNPAGED_LIST_CAP } from "@sitesnag/shared/pagination";
import type { Project } from "@sitesnag/shared/projects";
import type { Report, ReportCounts } from "@sitesnag/shared/snagging";
import type { AdminUser } from "@sitesnag/shared/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnaggingReportsTable } from "../src/db/schema";
import { newId } from "../src/ids";
import { withSearchText } from "../src/snagging/snagging.repository";
import { expectError } from "./assertions";
import { createProject, insertAttachment, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

type Row = Omit<import("kysely").Insertable<SnaggingReportsTable>, "search_text">;
const STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
const PRIORITIES = ["critical", "high", "medium", "low"] as const;

/** Reports newest first as the API orders them: created_at desc, then id desc. */
const byListOrder = (a: Row, b: Row) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe.each(DIALECTS)("cursor pagination (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projects: Project[];
  const rows: Row[] = [];
  const foreign: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive" });
    stranger = await signUp(t);
    projects = [
      await createProject(t, owner.accessToken, { name: "Tower" }),
      await createProject(t, owner.accessToken, { name: "Depot" }),
    ];
    const elsewhere = await createProject(t, stranger.accessToken, { name: "Elsewhere" });
    // 137 reports; every 3 share a created_at, so the id decides order within a second.
    for (let i = 0; i < 137; i += 1) {
      rows.push({
        id: newId(),
        workspace_id: owner.user.workspaceId,
        project_id: (projects[i % 2] as Project).id,
        title: `SNAG-20260101-${String(1000 + i)}`,
        description: i % 5 === 0 ? `Cracked basin ${i}` : `Loose tile ${i}`,
        status: STATUSES[i % 4] as Row["status"],
        priority: PRIORITIES[i % 3] as Row["priority"],
        category: "other",
        created_by: owner.user.id,
        created_at: 1_700_000_000 + Math.floor(i / 3),
        updated_at: 1_700_000_000,
      });
    }
    for (let i = 0; i < 30; i += 1) {
      foreign.push({
        id: newId(),
        workspace_id: stranger.user.workspaceId,
        project_id: elsewhere.id,
        title: `SNAG-20260101-${String(5000 + i)}`,
        description: "Cracked basin elsewhere",
        status: "open",
        priority: "critical",
        category: "other",
        created_at: 1_700_000_000 + i,
        updated_at: 1_700_000_000,
      });
    }
    await t.ctx.db
      .insertInto("snagging_reports")
      .values([...rows, ...foreign].map(withSearchText))
      .execute();
    rows.sort(byListOrder);
  });
  afterAll(() => t.close());

  const get = (url: string, token = owner.accessToken) => t.request({ method: "GET", url, token });

  async function pageAll(query: string, token = owner.accessToken) {
    const seen: Report[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/snagging?${query}${cursor ? `&cursor=${cursor}` : ""}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { reports: Report[]; nextCursor: string | null };
      seen.push(...body.reports);
      cursor = body.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor);
    return { seen, pages };
  }

  it("pages through every report once, in list order, limit rows a page", async () => {
    const first = await get("/api/snagging?limit=20");
    const body = first.json() as { reports: Report[]; nextCursor: string };
    expect(body.reports).toHaveLength(20);
    expect(typeof body.nextCursor).toBe("string");
    const { seen, pages } = await pageAll("limit=20");
    expect(pages).toBe(7);
    expect(seen.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it("the last page has nextCursor null, also when it is exactly full", async () => {
    const res = await get(`/api/snagging?limit=${rows.length}`);
    expect((res.json() as { nextCursor: unknown }).nextCursor).toBeNull();
    expect((res.json() as { reports: Report[] }).reports).toHaveLength(rows.length);
  });

  it("applies status, priority, project and search on the server, across pages", async () => {
    const cases: [string, (r: Row) => boolean][] = [
      ["status=in-progress", (r) => r.status === "in-progress"],
      ["priority=critical", (r) => r.priority === "critical"],
      [`projectId=${projects[1]?.id}`, (r) => r.project_id === projects[1]?.id],
      ["search=BASIN", (r) => (r.description ?? "").includes("basin")],
      [
        "search=cracked%20basin&status=open",
        (r) => (r.description ?? "").includes("Cracked basin") && r.status === "open",
      ],
      [`search=${encodeURIComponent(rows[5]?.title ?? "")}`, (r) => r.title === rows[5]?.title],
    ];
    for (const [query, keep] of cases) {
      const expected = rows.filter(keep).map((r) => r.id);
      expect(expected.length, query).toBeGreaterThan(0);
      const { seen } = await pageAll(`limit=7&${query}`);
      expect(
        seen.map((r) => r.id),
        query,
      ).toEqual(expected);
    }
  });

  it("search treats LIKE wildcards as text", async () => {
    const { seen } = await pageAll("limit=50&search=%25");
    expect(seen).toEqual([]);
  });

  it("a row inserted while paging neither repeats nor hides a row of the later pages", async () => {
    const first = (await get("/api/snagging?limit=30")).json() as { reports: Report[]; nextCursor: string };
    const fresh: Row = { ...(rows[0] as Row), id: newId(), title: "SNAG-20260101-9999", created_at: 1_800_000_000 };
    await t.ctx.db.insertInto("snagging_reports").values(withSearchText(fresh)).execute();
    try {
      const second = (await get(`/api/snagging?limit=30&cursor=${first.nextCursor}`)).json() as { reports: Report[] };
      expect(second.reports.map((r) => r.id)).toEqual(rows.slice(30, 60).map((r) => r.id));
      const again = (await get("/api/snagging?limit=1")).json() as { reports: Report[] };
      expect(again.reports[0]?.id).toBe(fresh.id);
    } finally {
      await t.ctx.db.deleteFrom("snagging_reports").where("id", "=", fresh.id).execute();
    }
  });

  it("a page carries its own attachments", async () => {
    const target = rows[45] as Row;
    await insertAttachment(t, { id: target.id, workspace_id: owner.user.workspaceId });
    const { seen } = await pageAll("limit=20");
    for (const report of seen) expect(report.attachments.length).toBe(report.id === target.id ? 1 : 0);
  });

  it("never shows another workspace's reports, whatever the cursor", async () => {
    const { seen } = await pageAll("limit=25", stranger.accessToken);
    expect(seen.map((r) => r.id)).toEqual([...foreign].sort(byListOrder).map((r) => r.id));
    const ownersCursor = encodeCursor({ sort: rows[0]?.created_at ?? 0, id: rows[0]?.id ?? "" });
    const res = await get(`/api/snagging?limit=100&cursor=${ownersCursor}`, stranger.accessToken);
    const theirs = new Set(foreign.map((r) => r.id));
    const answered = (res.json() as { reports: Report[] }).reports;
    expect(answered.length).toBeGreaterThan(0);
    for (const report of answered) expect(theirs.has(report.id)).toBe(true);
  });

  it("refuses a bad cursor or limit with a clear 400", async () => {
    for (const cursor of [
      "nope!",
      "bm9wZQ",
      encodeURIComponent(Buffer.from('["x","y"]').toString("base64url")),
      "a".repeat(500),
    ]) {
      expectError(await get(`/api/snagging?cursor=${cursor}`), 400);
      expect((await get(`/api/snagging?cursor=${cursor}`)).json().message).toContain(INVALID_CURSOR);
    }
    for (const limit of ["0", "201", "abc", "1.5", "-3"]) {
      const res = await get(`/api/snagging?limit=${limit}`);
      expectError(res, 400);
      expect(res.json().message).toContain("Limit must be a whole number from 1 to 200");
    }
    for (const url of [
      "/api/projects?cursor=zz!",
      "/api/notifications?cursor=zz!",
      "/api/snagging/counts?search=%00",
    ]) {
      expectError(await get(url), 400);
    }
  });

  it("counts reports per status with the other filters, on the server", async () => {
    const res = await get(`/api/snagging/counts?projectId=${projects[0]?.id}&search=tile`);
    expect(res.statusCode, res.body).toBe(200);
    const { counts } = res.json() as { counts: ReportCounts };
    const matching = rows.filter((r) => r.project_id === projects[0]?.id && (r.description ?? "").includes("tile"));
    expect(counts).toEqual({
      all: matching.length,
      open: matching.filter((r) => r.status === "open").length,
      "in-progress": matching.filter((r) => r.status === "in-progress").length,
      resolved: matching.filter((r) => r.status === "resolved").length,
      closed: matching.filter((r) => r.status === "closed").length,
    });
    const theirs = (await get("/api/snagging/counts", stranger.accessToken)).json() as { counts: ReportCounts };
    expect(theirs.counts).toEqual({ all: 30, open: 30, "in-progress": 0, resolved: 0, closed: 0 });
  });

  it("projects page by cursor; /projects/count counts them", async () => {
    for (let i = 0; i < 5; i += 1) await createProject(t, owner.accessToken, { name: `Site ${i}` });
    // The unpaged answer under the cap is exactly SPEC §7's envelope: no nextCursor key.
    const all = (await get("/api/projects")).json() as { projects: Project[] };
    expect(Object.keys(all)).toEqual(["projects"]);
    expect(all.projects).toHaveLength(7);
    const paged: Project[] = [];
    let cursor: string | null = null;
    do {
      const body = (await get(`/api/projects?limit=3${cursor ? `&cursor=${cursor}` : ""}`)).json() as {
        projects: Project[];
        nextCursor: string | null;
      };
      paged.push(...body.projects);
      cursor = body.nextCursor;
    } while (cursor);
    expect(paged.map((p) => p.id)).toEqual(all.projects.map((p) => p.id));
    expect((await get("/api/projects/count")).json()).toEqual({ count: 7 });
    expect((await get("/api/projects/count", stranger.accessToken)).json()).toEqual({ count: 1 });
  });

  it("notifications page by cursor, newest first", async () => {
    const now = 1_700_000_000;
    await t.ctx.db
      .insertInto("notifications")
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          id: newId(),
          user_id: owner.user.id,
          workspace_id: owner.user.workspaceId,
          report_id: null,
          actor_id: null,
          kind: "status" as const,
          report_title: `SNAG-${i}`,
          status: "open" as const,
          read_at: null,
          created_at: now + Math.floor(i / 4),
        })),
      )
      .execute();
    const offset = (await get("/api/notifications?pageSize=50")).json() as NotificationList;
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const body = (
        await get(`/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ""}`)
      ).json() as NotificationList;
      expect(body.total).toBe(23);
      paged.push(...body.notifications.map((n) => n.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(offset.notifications.map((n) => n.id));
    expect(paged).toHaveLength(23);
    expect(
      ((await get("/api/notifications?limit=10", stranger.accessToken)).json() as NotificationList).notifications,
    ).toEqual([]);
  });

  it("the admin's users page by cursor with the membership filter and search", async () => {
    const admin = await signInAdmin(t);
    for (let i = 0; i < 9; i += 1) await signUp(t, { firstName: i % 2 ? "Paged" : "Other" });
    const page = (query: string) =>
      get(`/api/users?${query}`, admin.accessToken).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { users: AdminUser[]; total: number; nextCursor: string | null };
      });
    for (const filter of ["", "&search=paged", "&membership=free"]) {
      const all = await page(`pageSize=100${filter}`);
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const body = await page(`limit=4${filter}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(body.total).toBe(all.total);
        ids.push(...body.users.map((u) => u.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(ids, filter).toEqual(all.users.map((u) => u.id));
    }
    expect((await page("pageSize=100&search=paged")).users).toHaveLength(4);
  });
});

describe.each(DIALECTS)("the unpaged answer's cap (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("without limit or cursor answers every report up to the cap, then a cursor for the rest", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const total = UNPAGED_LIST_CAP + 15;
    const batch: Row[] = Array.from({ length: total }, (_, i) => ({
      id: newId(),
      workspace_id: owner.user.workspaceId,
      project_id: project.id,
      title: `SNAG-20260101-${String(10_000 + i)}`,
      description: "",
      status: "open",
      priority: "low",
      category: "other",
      created_at: 1_700_000_000 + i,
      updated_at: 1_700_000_000,
    }));
    for (let i = 0; i < batch.length; i += 250) {
      await t.ctx.db
        .insertInto("snagging_reports")
        .values(batch.slice(i, i + 250).map(withSearchText))
        .execute();
    }
    const res = await t.request({ method: "GET", url: "/api/snagging", token: owner.accessToken });
    const body = res.json() as { reports: Report[]; nextCursor: string };
    expect(body.reports).toHaveLength(UNPAGED_LIST_CAP);
    expect(body.reports[0]?.title).toBe(`SNAG-20260101-${String(10_000 + total - 1)}`);
    const rest = await t.request({
      method: "GET",
      url: `/api/snagging?cursor=${body.nextCursor}&limit=200`,
      token: owner.accessToken,
    });
    const tail = rest.json() as { reports: Report[]; nextCursor: null };
    expect(tail.reports.map((r) => r.title)).toEqual(
      Array.from({ length: 15 }, (_, i) => `SNAG-20260101-${String(10_000 + 14 - i)}`),
    );
    expect(tail.nextCursor).toBeNull();
  });
});

describe.each(DIALECTS)("kept status counts (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("follow every create, status change, delete and project cascade made through the API", async () => {
    const owner = await signUp(t);
    const token = owner.accessToken;
    const counts = async () => {
      const res = await t.request({ method: "GET", url: "/api/snagging/counts", token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { counts: ReportCounts }).counts;
    };
    const create = async (projectId: string) => {
      const res = await t.request({
        method: "POST",
        url: "/api/snagging",
        token,
        payload: { projectId, priority: "high", description: "x" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { report: Report }).report;
    };
    const keep = await createProject(t, token, { name: "Keep" });
    const drop = await createProject(t, token, { name: "Drop" });
    const a = await create(keep.id);
    const b = await create(keep.id);
    await create(drop.id);
    await create(drop.id);
    expect(await counts()).toEqual({ all: 4, open: 4, "in-progress": 0, resolved: 0, closed: 0 });

    const patch = (id: string, status: string) =>
      t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, payload: { status } });
    expect((await patch(a.id, "resolved")).statusCode).toBe(200);
    expect((await patch(b.id, "in-progress")).statusCode).toBe(200);
    expect((await patch(b.id, "in-progress")).statusCode).toBe(200);
    expect(await counts()).toEqual({ all: 4, open: 2, "in-progress": 1, resolved: 1, closed: 0 });

    expect((await t.request({ method: "DELETE", url: `/api/snagging/${a.id}`, token })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${drop.id}`, token })).statusCode).toBe(204);
    expect(await counts()).toEqual({ all: 1, open: 0, "in-progress": 1, resolved: 0, closed: 0 });
    // The kept figures equal a count of the rows themselves.
    const rows = await t.ctx.db
      .selectFrom("snagging_reports")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("workspace_id", "=", owner.user.workspaceId)
      .groupBy("status")
      .execute();
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([["in-progress", 1]]);
  });
});
