// GET /api/snagging/export/xlsx (issue 37), read back with read-excel-file (a reader we did not
// write) and, for what it does not expose (the frozen pane, the link formulas), the parts unzipped
// with fflate. The expected figures are counted here from the seed, not by the product's functions.
import { unzipSync } from "fflate";
import readXlsxFile from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/ids";
import { withSearchText } from "../src/snagging/snagging.repository";
import { XLSX_BATCH } from "../src/snagging/xlsx-export";
import { nowSeconds } from "../src/time";
import { expectError } from "./assertions";
import { createProject, insertAttachment, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

type Seed = {
  id: string;
  title: string;
  project_id: string;
  status: "open" | "in-progress" | "resolved" | "closed";
  priority: "critical" | "high" | "medium" | "low";
  created_at: number;
  due_date: number | null;
};

const DAY = 86_400;

async function workbook(body: Buffer) {
  const sheets = await readXlsxFile(body);
  return Object.fromEntries(sheets.map((s) => [s.sheet, s.data]));
}

const part = (body: Buffer, name: string) => new TextDecoder().decode(unzipSync(new Uint8Array(body))[name]);

describe.each(DIALECTS)("Excel export (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectA: string;
  let projectB: string;
  const seeded: Seed[] = [];
  const now = nowSeconds();
  const get = (query: string, token = owner.accessToken) =>
    t.request({ method: "GET", url: `/api/snagging/export/xlsx${query}`, token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Zoë", lastName: "Builder" });
    stranger = await signUp(t);
    projectA = (await createProject(t, owner.accessToken, { name: "Riverside — Block B" })).id;
    projectB = (await createProject(t, owner.accessToken, { name: "Quay <House> & Co" })).id;
    const statuses = ["open", "in-progress", "resolved", "closed"] as const;
    const priorities = ["critical", "high", "medium", "low"] as const;
    // Two and a half batches, so the rows cross batch boundaries; every third one overdue or not.
    const total = 2 * XLSX_BATCH + 37;
    const rows = Array.from({ length: total }, (_, i) => {
      const row = {
        id: newId(),
        workspace_id: owner.user.workspaceId,
        project_id: i % 5 === 0 ? projectB : projectA,
        title: `SNAG-20261101-${String(10_000 + i)}`,
        description: i === 1 ? '=HYPERLINK("http://evil.example","x") <b>&\u0001' : `Defect ${i}`,
        status: statuses[i % 4] as Seed["status"],
        priority: priorities[Math.floor(i / 4) % 4] as Seed["priority"],
        category: "plumbing" as const,
        created_at: 1_790_000_000 + Math.floor(i / 3) * 61,
        updated_at: 1_790_000_000,
        due_date: i % 3 === 0 ? null : i % 3 === 1 ? now - 10 * DAY : now + 10 * DAY,
      };
      seeded.push(row);
      return row;
    });
    for (let i = 0; i < total; i += 250) {
      await t.ctx.db
        .insertInto("snagging_reports")
        .values(rows.slice(i, i + 250).map(withSearchText))
        .execute();
    }
    await insertAttachment(t, { id: rows[2]?.id as string, workspace_id: owner.user.workspaceId });
    // Another workspace's report, which must never appear.
    const theirs = await createProject(t, stranger.accessToken, { name: "Their site" });
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: stranger.accessToken,
      payload: { projectId: theirs.id, priority: "high", description: "Stranger's secret defect" },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("holds every report once, newest first, with typed dates, links, trade names and the figures", async () => {
    const res = await get("");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="snagging-reports.xlsx"');
    const book = await workbook(res.rawPayload);
    expect(Object.keys(book)).toEqual(["Reports", "Overview"]);
    const [header, ...rows] = book.Reports ?? [];
    expect(header).toEqual([
      "Reference",
      "Project",
      "Status",
      "Priority",
      "Trade",
      "Assigned to",
      "Created by",
      "Created (UTC)",
      "Due date",
      "Location",
      "Latitude",
      "Longitude",
      "Photos",
      "Description",
    ]);
    const expected = [...seeded].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1));
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.title));
    const byTitle = new Map(seeded.map((s) => [s.title, s]));
    for (const row of rows) {
      const seed = byTitle.get(String(row[0])) as Seed;
      expect(row[1]).toBe(seed.project_id === projectB ? "Quay <House> & Co" : "Riverside — Block B");
      expect(row[4]).toBe("Plumbing");
      // Typed: read back as Dates (a text cell would come back as a string).
      expect(row[7]).toBeInstanceOf(Date);
      // A serial day number holds the time as a fraction of a day: equal to the second.
      const seconds = (cell: unknown) => Math.round((cell as Date).getTime() / 1000);
      expect(seconds(row[7])).toBe(seed.created_at);
      if (seed.due_date === null) expect(row[8]).toBeNull();
      else expect(seconds(row[8])).toBe(seed.due_date);
      expect(row[12]).toBe(seed.id === seeded[2]?.id ? 1 : 0);
    }
    const statusWords = { open: "Open", "in-progress": "In Progress", resolved: "Resolved", closed: "Closed" };
    expect(rows[rows.length - 1]?.[2]).toBe(statusWords[seeded[0]?.status as Seed["status"]]);
    // Text is text: a formula in a description is a string cell, markup and control bytes harmless.
    const hostile = rows.find((r) => r[0] === seeded[1]?.title);
    expect(hostile?.[13]).toBe('=HYPERLINK("http://evil.example","x") <b>&');
    expect(JSON.stringify(book)).not.toContain("Stranger");

    const sheet = part(res.rawPayload, "xl/worksheets/sheet1.xml");
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<col min="14" max="14" width="60" customWidth="1"/>');
    const first = expected[0] as Seed;
    expect(sheet).toContain(
      `<f>HYPERLINK(&quot;${t.ctx.config.mail.publicUrl}/app/snagging/${first.id}&quot;,&quot;${first.title}&quot;)</f>`,
    );
    expect(sheet).not.toContain("<f>HYPERLINK(&quot;http://evil");

    // The figures, counted from the seed.
    const open = (s: Seed) => s.status === "open" || s.status === "in-progress";
    const overdue = (s: Seed) => open(s) && s.due_date !== null && s.due_date < now;
    const count = (f: (s: Seed) => boolean) => seeded.filter(f).length;
    const overview = book.Overview ?? [];
    expect(overview[0]).toEqual(["Figure", "Reports", "Open or in progress", "Overdue"]);
    expect(overview[1]?.[0]).toBe("Generated (UTC)");
    expect(overview[1]?.[1]).toBeInstanceOf(Date);
    expect(overview[2]).toEqual(["Total", seeded.length, count(open), count(overdue)]);
    const rowOf = (label: string) => overview.find((r) => r[0] === label);
    for (const [status, word] of Object.entries(statusWords)) {
      expect(rowOf(word)?.[1], word).toBe(count((s) => s.status === status));
    }
    for (const [priority, word] of [
      ["critical", "Critical"],
      ["high", "High"],
      ["medium", "Medium"],
      ["low", "Low"],
    ] as const) {
      const mine = (s: Seed) => s.priority === priority;
      expect(rowOf(word)).toEqual([
        word,
        count(mine),
        count((s) => mine(s) && open(s)),
        count((s) => mine(s) && overdue(s)),
      ]);
    }
  });

  it("applies the report list's filters to the rows and the figures", async () => {
    const res = await get(`?projectId=${projectB}&status=open&priority=critical`);
    expect(res.statusCode).toBe(200);
    const book = await workbook(res.rawPayload);
    const wanted = seeded.filter((s) => s.project_id === projectB && s.status === "open" && s.priority === "critical");
    expect(wanted.length).toBeGreaterThan(0);
    const titles = (book.Reports ?? []).slice(1).map((r) => r[0]);
    expect(new Set(titles)).toEqual(new Set(wanted.map((s) => s.title)));
    expect(titles).toHaveLength(wanted.length);
    expect(book.Overview?.[2]?.[1]).toBe(wanted.length);
    const search = await workbook((await get("?search=10007")).rawPayload);
    expect((search.Reports ?? []).slice(1).map((r) => r[0])).toEqual(["SNAG-20261101-10007"]);
  });

  it("applies the overview's links' filters (open only, overdue, age) to the rows, the figures and the CSV", async () => {
    const overdue = seeded.filter(
      (s) => (s.status === "open" || s.status === "in-progress") && s.due_date !== null && s.due_date < now,
    );
    expect(overdue.length).toBeGreaterThan(0);
    const book = await workbook((await get(`?due=overdue&projectId=${projectA}`)).rawPayload);
    const wanted = overdue.filter((s) => s.project_id === projectA);
    const titles = (book.Reports ?? []).slice(1).map((r) => r[0]);
    expect(new Set(titles)).toEqual(new Set(wanted.map((s) => s.title)));
    expect(titles).toHaveLength(wanted.length);
    expect(book.Overview?.[2]?.[1]).toBe(wanted.length);
    const open = seeded.filter((s) => s.status === "open" || s.status === "in-progress");
    // Ages in whole days since made: 31-90 is more than 30 days old and at most 90.
    const age = (s: Seed) => (now - s.created_at) / DAY;
    const middle = open.filter((s) => age(s) > 30 && age(s) <= 90);
    expect(middle.length).toBeGreaterThan(0);
    const aged = await workbook((await get("?age=31-90")).rawPayload);
    expect((aged.Reports ?? []).slice(1)).toHaveLength(middle.length);
    const young = await workbook((await get("?unresolved=1&age=0-7")).rawPayload);
    expect(young.Reports).toHaveLength(1);
    const csv = await t.request({
      method: "GET",
      url: "/api/snagging/export/csv?unresolved=1",
      token: owner.accessToken,
    });
    expect(csv.body.trim().split("\n")).toHaveLength(open.length + 1);
    expectError(await get("?due=yesterday"), 400, "Due must be overdue or soon");
  });

  it("speaks the reader's language with ?lang=", async () => {
    const book = await workbook((await get(`?lang=pl&projectId=${projectB}`)).rawPayload);
    expect(Object.keys(book)).toEqual(["Raporty", "Podsumowanie"]);
    expect(book.Raporty?.[0]?.[0]).toBe("Numer");
  });

  it("never holds another workspace's reports; a header and zero figures for a workspace with none", async () => {
    const res = await get("", stranger.accessToken);
    const book = await workbook(res.rawPayload);
    expect((book.Reports ?? []).slice(1).map((r) => r[13])).toEqual(["Stranger's secret defect"]);
    const other = await get(`?projectId=${projectA}`, stranger.accessToken);
    const none = await workbook(other.rawPayload);
    expect(none.Reports).toHaveLength(1);
    expect(none.Overview?.[2]).toEqual(["Total", 0, 0, 0]);
    const malformed = await workbook((await get("?projectId=not-a-uuid")).rawPayload);
    expect(malformed.Reports).toHaveLength(1);
  });

  it("answers 400 with a sentence for a bad filter, 401 without a token", async () => {
    expectError(await get("?status=bogus"), 400, "Status must be open, in-progress, resolved or closed");
    expectError(await get("?priority=urgent"), 400, "Priority must be low, medium, high or critical");
    expectError(await get(`?search=${"x".repeat(201)}`), 400, "Search must be at most 200 characters");
    expectError(await t.request({ method: "GET", url: "/api/snagging/export/xlsx" }), 401);
  });

  it("filters the CSV the same way", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/snagging/export/csv?projectId=${projectB}&status=open&priority=critical`,
      token: owner.accessToken,
    });
    const lines = res.body.trim().split("\n");
    const wanted = seeded.filter((s) => s.project_id === projectB && s.status === "open" && s.priority === "critical");
    expect(lines).toHaveLength(wanted.length + 1);
  });
});
