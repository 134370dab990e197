// Reports in the location tree (issue 36): locationId through create, PATCH and the offline sync,
// locationPath in every answer, and the list filtered by a location and everything under it.
import { randomUUID } from "node:crypto";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Location } from "@sitesnag/shared/locations";
import type { Report } from "@sitesnag/shared/snagging";
import type { SyncResponse } from "@sitesnag/shared/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";

describe.each(DIALECTS)("reports with a location (%s)", (kind) => {
  let t: TestApp;
  let me: AuthResponse;
  let projectId: string;
  let otherProjectId: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = await signUp(t);
    projectId = (await createProject(t, me.accessToken)).id;
    otherProjectId = (await createProject(t, me.accessToken)).id;
    const imported = await send("POST", `/api/projects/${projectId}/locations/import`, {
      lines: ["Block B > Level 3 > Flat 3.04 > Kitchen", "Block B > Level 3 > Flat 3.05", "Block B > Level 4"],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const l of await tree(projectId)) ids[l.name] = l.id;
    const other = await send("POST", `/api/projects/${otherProjectId}/locations`, { name: "Elsewhere" });
    ids.Elsewhere = (other.json() as { location: Location }).location.id;
  });
  afterAll(() => t.close());

  const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, token = me.accessToken) =>
    t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tree = async (project: string) =>
    ((await send("GET", `/api/projects/${project}/locations`)).json() as { locations: Location[] }).locations;
  const newReport = async (locationId: string | undefined, project = projectId) => {
    const res = await send("POST", "/api/snagging", {
      projectId: project,
      priority: "high",
      description: "Gap",
      locationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { report: Report }).report;
  };
  const listed = async (query: string) => {
    const res = await send("GET", `/api/snagging?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { reports: Report[] }).reports.map((r) => r.id).sort();
  };

  it("creates with a location of the project and answers its path; another project's is refused", async () => {
    const report = await newReport(ids.Kitchen);
    expect(report).toMatchObject({
      locationId: ids.Kitchen,
      locationPath: "Block B > Level 3 > Flat 3.04 > Kitchen",
    });
    const before = await countRows(t, "snagging_reports");
    for (const locationId of [ids.Elsewhere, randomUUID(), "not-a-uuid"]) {
      expectError(
        await send("POST", "/api/snagging", { projectId, priority: "high", locationId }),
        400,
        "Location not found",
      );
    }
    const outsider = await signUp(t);
    const theirs = await send("POST", `/api/projects/${projectId}/locations`, { name: "X" }, outsider.accessToken);
    expect(theirs.statusCode).toBe(404);
    expect(await countRows(t, "snagging_reports")).toBe(before);
  });

  it("PATCH sets, changes and clears the location; a foreign one is refused and nothing changes", async () => {
    const report = await newReport(undefined);
    expect(report).toMatchObject({ locationId: null, locationPath: null });
    let res = await send("PATCH", `/api/snagging/${report.id}`, { locationId: ids["Level 4"] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { report: Report }).report.locationPath).toBe("Block B > Level 4");
    expectError(
      await send("PATCH", `/api/snagging/${report.id}`, { locationId: ids.Elsewhere }),
      400,
      "Location not found",
    );
    res = await send("PATCH", `/api/snagging/${report.id}`, { locationId: null });
    expect((res.json() as { report: Report }).report).toMatchObject({ locationId: null, locationPath: null });
    // The history reads the paths as they were when the change was made.
    const history = (await send("GET", `/api/snagging/${report.id}/activity`)).json() as {
      activity: { changes?: { field: string; fromText: string; toText: string }[] }[];
    };
    const changes = history.activity.flatMap((e) => e.changes ?? []);
    const moves = changes.filter((c) => c.field === "locationId").map((c) => `${c.fromText} → ${c.toText}`);
    expect(moves.sort()).toEqual(["Block B > Level 4 → None", "None → Block B > Level 4"]);
  });

  it("filters by a location including everything under it, and counts per location agree", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    await send("POST", `/api/projects/${project}/locations/import`, { lines: ["F1 > A > Room", "F1 > B", "F2"] });
    const loc = Object.fromEntries((await tree(project)).map((l) => [l.name, l.id])) as Record<string, string>;
    const room = await newReport(loc.Room, project);
    const b = await newReport(loc.B, project);
    const f2 = await newReport(loc.F2, project);
    await newReport(undefined, project);
    expect(await listed(`locationId=${loc.F1}`)).toEqual([room.id, b.id].sort());
    expect(await listed(`locationId=${loc.A}&limit=1`)).toEqual([room.id]);
    // Page by page (one a page) through the branch, and with another filter beside it.
    const walked: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = (
        await send(
          "GET",
          `/api/snagging?locationId=${loc.F1}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        )
      ).json() as { reports: Report[]; nextCursor?: string | null };
      walked.push(...page.reports.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor && walked.length < 5);
    expect(walked.sort()).toEqual([room.id, b.id].sort());
    expect(await listed(`locationId=${loc.F1}&status=open&limit=10`)).toEqual([room.id, b.id].sort());
    expect(await listed(`locationId=${loc.F2}&projectId=${project}`)).toEqual([f2.id]);
    expect(await listed(`locationId=${randomUUID()}`)).toEqual([]);
    expectError(await send("GET", "/api/snagging?locationId=nope"), 400);
    const counts = await send("GET", `/api/snagging/counts?locationId=${loc.F1}`);
    expect((counts.json() as { counts: { all: number } }).counts.all).toBe(2);
    const byId = new Map((await tree(project)).map((l) => [l.name, l.reportCounts]));
    expect(byId.get("F1")).toEqual({ open: 2, total: 2 });
    expect(byId.get("Room")).toEqual({ open: 1, total: 1 });
    // Another workspace's filter finds none of these.
    const outsider = await signUp(t);
    expect(
      (await send("GET", `/api/snagging?locationId=${loc.F1}`, undefined, outsider.accessToken)).json(),
    ).toMatchObject({
      reports: [],
    });
  });

  it("the CSV, the report PDF and the snag list show the location's path", async () => {
    const project = (await createProject(t, me.accessToken, { name: "Path Project" })).id;
    await send("POST", `/api/projects/${project}/locations/import`, { lines: ["Tower 2 > Level 9 > Plant Room"] });
    const plant = (await tree(project)).find((l) => l.name === "Plant Room") as Location;
    const report = await newReport(plant.id, project);
    const csv = await send("GET", "/api/snagging/export/csv");
    expect(csv.body).toContain("Tower 2 > Level 9 > Plant Room");
    const pdf = await send("GET", `/api/snagging/${report.id}/download-pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text.replace(/\s+/g, " ")).toContain("Tower 2 > Level 9 > Plant Room");
    const list = await send("GET", `/api/projects/${project}/snag-list.pdf?groupBy=location`);
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    expect((await readPdf(list.rawPayload)).text.replace(/\s+/g, " ")).toContain("Tower 2 > Level 9 > Plant Room");
  });

  it("sync: a location made offline is created once with the reports that use it; a deleted one leaves the report unplaced", async () => {
    const flat = ids["Flat 3.05"] as string;
    const bathroom = randomUUID();
    const cupboard = randomUUID();
    const newLocations = [
      { id: bathroom, parentId: flat, name: "Bathroom" },
      { id: cupboard, parentId: bathroom, name: "Cupboard" },
    ];
    const item = (tempId: string, locationId: string) => ({
      tempId,
      action: "create",
      resource: "snagging",
      data: { projectId, priority: "low", description: "Offline", locationId, newLocations },
    });
    const before = await countRows(t, "locations");
    const batch = [item(`a-${bathroom}`, cupboard), item(`b-${bathroom}`, bathroom)];
    const first = await send("POST", "/api/snagging/sync", { items: batch });
    const again = await send("POST", "/api/snagging/sync", { items: batch });
    const results = (first.json() as SyncResponse).data.results;
    expect(results.map((r) => r.success)).toEqual([true, true]);
    expect((again.json() as SyncResponse).data.results.map((r) => r.id)).toEqual(results.map((r) => r.id));
    expect(await countRows(t, "locations")).toBe(before + 2);
    const report = (await send("GET", `/api/snagging/${results[0]?.id}`)).json() as { report: Report };
    expect(report.report).toMatchObject({
      locationId: cupboard,
      locationPath: "Block B > Level 3 > Flat 3.05 > Bathroom > Cupboard",
    });

    // The same room made on a second device under another id: the existing one is used.
    const twin = randomUUID();
    const dup = await send("POST", "/api/snagging/sync", {
      items: [
        {
          tempId: `c-${twin}`,
          action: "create",
          resource: "snagging",
          data: {
            projectId,
            priority: "low",
            locationId: twin,
            newLocations: [{ id: twin, parentId: flat, name: "bathroom" }],
          },
        },
      ],
    });
    const dupId = (dup.json() as SyncResponse).data.results[0]?.id;
    expect(((await send("GET", `/api/snagging/${dupId}`)).json() as { report: Report }).report.locationId).toBe(
      bathroom,
    );
    expect(await countRows(t, "locations")).toBe(before + 2);

    // Level 4 deleted while a device was offline: its report and a room made under it arrive unplaced.
    const level4 = ids["Level 4"] as string;
    expect((await send("DELETE", `/api/locations/${level4}`)).statusCode).toBe(200);
    const lost = randomUUID();
    const late = await send("POST", "/api/snagging/sync", {
      items: [
        {
          tempId: `d-${lost}`,
          action: "create",
          resource: "snagging",
          data: { projectId, priority: "low", description: "Kept", locationId: level4 },
        },
        {
          tempId: `e-${lost}`,
          action: "create",
          resource: "snagging",
          data: {
            projectId,
            priority: "low",
            locationId: lost,
            newLocations: [{ id: lost, parentId: level4, name: "Lobby" }],
          },
        },
      ],
    });
    const lateResults = (late.json() as SyncResponse).data.results;
    expect(lateResults.map((r) => r.success)).toEqual([true, true]);
    for (const r of lateResults) {
      const got = ((await send("GET", `/api/snagging/${r.id}`)).json() as { report: Report }).report;
      expect(got).toMatchObject({ locationId: null, locationPath: null });
    }

    // An update item moves a report to a location made offline.
    const hall = randomUUID();
    const moved = await send("POST", "/api/snagging/sync", {
      items: [
        {
          tempId: `f-${hall}`,
          action: "update",
          resource: "snagging",
          data: {
            reportId: results[1]?.id,
            locationId: hall,
            newLocations: [{ id: hall, parentId: flat, name: "Hall" }],
          },
        },
      ],
    });
    expect((moved.json() as SyncResponse).data.results[0]?.success).toBe(true);
    const movedReport = ((await send("GET", `/api/snagging/${results[1]?.id}`)).json() as { report: Report }).report;
    expect(movedReport.locationPath).toBe("Block B > Level 3 > Flat 3.05 > Hall");

    // Another project's location id as a new location's id: refused like an unknown location.
    const clash = await send("POST", "/api/snagging/sync", {
      items: [
        {
          tempId: `g-${hall}`,
          action: "create",
          resource: "snagging",
          data: { projectId, priority: "low", newLocations: [{ id: ids.Elsewhere, parentId: null, name: "Mine" }] },
        },
      ],
    });
    expect((clash.json() as SyncResponse).data.results[0]).toMatchObject({ success: false, statusCode: 400 });
  });
});
