import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import type { AuthResponse } from "@sitesnag/shared/auth";
import {
  type Location,
  LocationListSchema,
  type LocationLookup,
  MAX_LOCATIONS_PER_PROJECT,
} from "@sitesnag/shared/locations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLocations, readLocationTree, treeStructure } from "../src/locations/locations.service";
import { TreeCache } from "../src/locations/tree-cache";
import { countRows, expectError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("location tree (%s)", (kind) => {
  let t: TestApp;
  let me: AuthResponse;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = await signUp(t);
    projectId = (await createProject(t, me.accessToken)).id;
  });
  afterAll(() => t.close());

  const send = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, token = me.accessToken) =>
    t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (body: object, project = projectId) => {
    const res = await send("POST", `/api/projects/${project}/locations`, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { location: Location }).location;
  };
  const tree = async (project = projectId) => {
    const res = await send("GET", `/api/projects/${project}/locations`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { locations: Location[] }).locations;
  };
  const paths = async (project = projectId) => (await tree(project)).map((l) => `${l.depth}:${l.order}:${l.path}`);

  it("creates, lists depth-first with paths, depth and order, renames and recodes", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const block = await create({ name: "Block B", code: "B" }, project);
    expect(block).toEqual({
      id: expect.any(String),
      parentId: null,
      name: "Block B",
      code: "B",
      path: "Block B",
      depth: 1,
      order: 0,
      sheetId: null,
      reportCounts: { open: 0, total: 0 },
    });
    const level = await create({ name: "Level 3", parentId: block.id }, project);
    await create({ name: "Flat 3.04", parentId: level.id, code: "B-3-04" }, project);
    await create({ name: "Block A" }, project);
    expect(await paths(project)).toEqual([
      "1:0:Block B",
      "2:0:Block B > Level 3",
      "3:0:Block B > Level 3 > Flat 3.04",
      "1:1:Block A",
    ]);
    const renamed = await send("PATCH", `/api/locations/${block.id}`, { name: "Block C", code: "" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as { location: Location }).location).toMatchObject({ name: "Block C", code: null });
    expect(await paths(project)).toContain("3:0:Block C > Level 3 > Flat 3.04");
  });

  it("answers the tree with an ETag: 304 for a device that has it, a new answer once a location or a report changes", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const floor = await create({ name: "Level 1" }, project);
    const read = (etag?: string) =>
      t.request({
        method: "GET",
        url: `/api/projects/${project}/locations`,
        token: me.accessToken,
        ...(etag ? { headers: { "if-none-match": etag } } : {}),
      });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    // The contract's shape, serialised by the service itself.
    expect(LocationListSchema.parse(first.json()).locations.map((l) => l.path)).toEqual(["Level 1"]);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const same = await read(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    expect((await read(`W/${etag}, "other"`)).statusCode).toBe(304);

    await create({ name: "Flat 1.01", parentId: floor.id }, project);
    const grown = await read(etag);
    expect(grown.statusCode).toBe(200);
    expect(grown.headers.etag).not.toBe(etag);
    const flat = (grown.json() as { locations: Location[] }).locations[1] as Location;
    // A report filed there changes the counts, so the tag too.
    const tag2 = String(grown.headers.etag);
    const report = await send("POST", "/api/snagging", { projectId: project, priority: "low", locationId: flat.id });
    expect(report.statusCode, report.body).toBe(201);
    const counted = await read(tag2);
    expect(counted.statusCode).toBe(200);
    expect((counted.json() as { locations: Location[] }).locations.map((l) => l.reportCounts.total)).toEqual([1, 1]);

    // The tag is the tree's version: every change to what it shows moves it, nothing else does.
    let tag = String(counted.headers.etag);
    const afterChange = async (what: string, change: () => Promise<{ statusCode: number; body: string }>) => {
      const done = await change();
      expect(done.statusCode, `${what}: ${done.body}`).toBeLessThan(300);
      const answer = await read(tag);
      expect(answer.statusCode, what).toBe(200);
      tag = String(answer.headers.etag);
      return (answer.json() as { locations: Location[] }).locations.map((l) => [
        l.reportCounts.open,
        l.reportCounts.total,
      ]);
    };
    const id = (report.json() as { report: { id: string } }).report.id;
    const elsewhere = await send("POST", "/api/snagging", { projectId: project, priority: "low" });
    expect(elsewhere.statusCode).toBe(201);
    expect((await read(tag)).statusCode, "a report with no location").toBe(304);
    expect(await afterChange("closed", () => send("PATCH", `/api/snagging/${id}`, { status: "closed" }))).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(await afterChange("moved up", () => send("PATCH", `/api/snagging/${id}`, { locationId: floor.id }))).toEqual(
      [
        [0, 1],
        [0, 0],
      ],
    );
    expect(
      await afterChange("renamed", () => send("PATCH", `/api/locations/${flat.id}`, { name: "Flat 1.02" })),
    ).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(await afterChange("to the Trash", () => send("DELETE", `/api/snagging/${id}`))).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const binned = (await send("GET", "/api/trash")).json() as { items: { id: string; kind: string }[] };
    const entry = binned.items.find((item) => item.kind === "report");
    expect(await afterChange("restored", () => send("POST", `/api/trash/${entry?.id}/restore`))).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect((await read(tag)).statusCode).toBe(304);

    // Compressed as asked, the same tree whichever way it travels (zstd, brotli, gzip, none).
    const rooms = Array.from({ length: 40 }, (_, i) => `Level 1 > Room ${i + 1}`);
    expect((await send("POST", `/api/projects/${project}/locations/import`, { lines: rooms })).statusCode).toBe(200);
    const plain = await read();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ["zstd", "br", "gzip"]) {
      const packed = await t.request({
        method: "GET",
        url: `/api/projects/${project}/locations`,
        token: me.accessToken,
        headers: { "accept-encoding": encoding },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers["content-encoding"]).toBe(encoding);
      const raw = packed.rawPayload;
      const unpack = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync }[encoding];
      expect(unpack?.(raw).toString()).toBe(plain.body);
    }
    // Another workspace's member learns nothing, tag or not.
    const other = await signUp(t);
    const theirs = await t.request({
      method: "GET",
      url: `/api/projects/${project}/locations`,
      token: other.accessToken,
      headers: { "if-none-match": String(counted.headers.etag) },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("keeps every instance's tree exact: locations kept per structure version, read with that version in one statement", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const lines = ["Block A > Level 1 > Flat 1.01", "Block A > Level 1 > Flat 1.02", "Block A > Level 2", "Block B"];
    expect((await send("POST", `/api/projects/${project}/locations/import`, { lines })).statusCode).toBe(200);
    const user = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", me.user.id).executeTakeFirstOrThrow();
    const projectRow = () =>
      t.ctx.db.selectFrom("projects").selectAll().where("id", "=", project).executeTakeFirstOrThrow();
    // Two server instances (each keeps its own trees) and the route's own, through the API.
    const [a, b] = [new TreeCache(), new TreeCache()];
    const readOn = async (cache: TreeCache) =>
      (await readLocationTree(t.ctx, user, project, [], cache)).body?.toString();
    // The answer built without any kept structure: every location and count read now.
    const truth = async () => JSON.stringify(await listLocations(t.ctx, user, project));
    expect(await readOn(a)).toBe(await truth());
    const kept = a.structures.get(project, Number((await projectRow()).locations_version));
    expect(kept).toBeDefined();

    // A report's change moves the counts, not the structure: the kept locations answer it, exactly.
    const flat = (await tree(project)).find((l) => l.name === "Flat 1.02") as Location;
    const filed = await send("POST", "/api/snagging", { projectId: project, priority: "low", locationId: flat.id });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = (filed.json() as { report: { id: string } }).report.id;
    expect(await readOn(a)).toBe(await truth());
    expect(a.structures.get(project, Number((await projectRow()).locations_version))).toBe(kept);
    expect(await readOn(a)).toContain('"name":"Flat 1.02","code":null,"path":"Block A > Level 1 > Flat 1.02"');
    expect((await send("PATCH", `/api/snagging/${id}`, { status: "closed" })).statusCode).toBe(200);
    expect(await readOn(a)).toBe(await truth());

    // Any change to a location (renamed, recoded, moved, reordered, deleted) is a new structure on every instance.
    const level2 = (await tree(project)).find((l) => l.name === "Level 2") as Location;
    const changes: [string, () => Promise<{ statusCode: number }>][] = [
      ["renamed", () => send("PATCH", `/api/locations/${flat.id}`, { name: "Flat 1.03" })],
      ["recoded", () => send("PATCH", `/api/locations/${flat.id}`, { code: "A-1-03" })],
      ["moved", () => send("PATCH", `/api/locations/${flat.id}`, { parentId: level2.id })],
      ["reordered", () => send("PATCH", `/api/locations/${level2.id}`, { order: 0 })],
      ["deleted", () => send("DELETE", `/api/locations/${level2.id}`)],
    ];
    for (const [what, change] of changes) {
      expect((await change()).statusCode, what).toBeLessThan(300);
      const expected = await truth();
      expect(await readOn(a), what).toBe(expected);
      expect(await readOn(b), what).toBe(expected);
    }

    // The race decision 0083 found: the project's row (its versions) read, then a location changed,
    // then the locations read. They are stored under the version read with them, never the older one.
    const stale = await projectRow();
    const block = (await tree(project)).find((l) => l.name === "Block B") as Location;
    expect((await send("PATCH", `/api/locations/${block.id}`, { name: "Block C" })).statusCode).toBe(200);
    const c = new TreeCache();
    const read = await treeStructure(t.ctx, user, stale, c.structures);
    expect(read.version).toBe(Number((await projectRow()).locations_version));
    expect(read.version).toBeGreaterThan(Number(stale.locations_version));
    expect(c.structures.get(project, Number(stale.locations_version))).toBeUndefined();
    expect(c.structures.get(project, read.version)).toBe(read);
    expect(read.answer([]).toString()).toContain('"name":"Block C"');
    expect(await readOn(c)).toBe(await truth());
  });

  it(`caps a project at ${MAX_LOCATIONS_PER_PROJECT} locations: one more refused with a sentence, in the import too`, async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const perImport = 2000;
    for (let part = 0; part < MAX_LOCATIONS_PER_PROJECT / perImport; part++) {
      const lines = Array.from({ length: perImport }, (_, i) => `Room ${part * perImport + i + 1}`);
      const res = await send("POST", `/api/projects/${project}/locations/import`, { lines });
      expect(res.statusCode, res.body).toBe(200);
    }
    const full = `A project can have at most ${MAX_LOCATIONS_PER_PROJECT} locations: it has ${MAX_LOCATIONS_PER_PROJECT}, and this would add 1`;
    expectError(await send("POST", `/api/projects/${project}/locations`, { name: "One more" }), 400, full);
    const importing = await send("POST", `/api/projects/${project}/locations/import`, {
      lines: ["Room 1", "Annex > Store"],
    });
    expectError(
      importing,
      400,
      `A project can have at most ${MAX_LOCATIONS_PER_PROJECT} locations: it has ${MAX_LOCATIONS_PER_PROJECT}, and this would add 2`,
    );
    const rows = await t.ctx.db
      .selectFrom("locations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("project_id", "=", project)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(MAX_LOCATIONS_PER_PROJECT);
    // Paths that all exist add nothing, so they are still accepted.
    const reused = await send("POST", `/api/projects/${project}/locations/import`, { lines: ["Room 1", "Room 2"] });
    expect(reused.json()).toEqual({ created: 0, reused: 2 });
  }, 120_000);

  it("refuses a duplicate sibling name (any case), a sixth level and bad characters; nothing changes", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const a = await create({ name: "Level 1" }, project);
    expectError(await send("POST", `/api/projects/${project}/locations`, { name: "level 1" }), 409);
    let parent = a;
    for (let depth = 2; depth <= 5; depth += 1)
      parent = await create({ name: `L${depth}`, parentId: parent.id }, project);
    const before = await countRows(t, "locations");
    expectError(
      await send("POST", `/api/projects/${project}/locations`, { name: "Six", parentId: parent.id }),
      400,
      "A location can be at most 5 levels deep",
    );
    for (const name of ["Flat\u202e40", "Bell\u0007", "", " ", "x".repeat(121), "A > B"]) {
      expectError(await send("POST", `/api/projects/${project}/locations`, { name }), 400);
    }
    expectError(await send("POST", `/api/projects/${project}/locations`, { name: "Ok", code: "B\u2066" }), 400);
    expect(await countRows(t, "locations")).toBe(before);
  });

  it("moves a branch (paths, depths, closure follow), never under itself, never past five levels", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const a = await create({ name: "A" }, project);
    const a1 = await create({ name: "A1", parentId: a.id }, project);
    const a11 = await create({ name: "A11", parentId: a1.id }, project);
    const b = await create({ name: "B" }, project);
    const moved = await send("PATCH", `/api/locations/${a1.id}`, { parentId: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await paths(project)).toEqual(["1:0:A", "1:1:B", "2:0:B > A1", "3:0:B > A1 > A11"]);
    await insertReport(t, { workspaceId: me.user.workspaceId, projectId: project }, { location_id: a11.id });
    const [bRow] = (await tree(project)).filter((l) => l.id === b.id);
    expect(bRow?.reportCounts).toEqual({ open: 1, total: 1 });
    expect((await tree(project)).find((l) => l.id === a.id)?.reportCounts.total).toBe(0);

    expectError(await send("PATCH", `/api/locations/${a1.id}`, { parentId: a11.id }), 400);
    expectError(await send("PATCH", `/api/locations/${a1.id}`, { parentId: a1.id }), 400);
    // A 3-level branch under a 3-deep location would reach six levels.
    const c = await create({ name: "C" }, project);
    const c1 = await create({ name: "C1", parentId: c.id }, project);
    const c2 = await create({ name: "C2", parentId: c1.id }, project);
    const c3 = await create({ name: "C3", parentId: c2.id }, project);
    expectError(
      await send("PATCH", `/api/locations/${b.id}`, { parentId: c3.id }),
      400,
      "A location can be at most 5 levels deep",
    );
    // Back to the top level, first among the top level.
    const top = await send("PATCH", `/api/locations/${a1.id}`, { parentId: null, order: 0 });
    expect(top.statusCode, top.body).toBe(200);
    expect((await paths(project)).slice(0, 3)).toEqual(["1:0:A1", "2:0:A1 > A11", "1:1:A"]);
  });

  it("reorders among siblings", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const [x, , z] = [
      await create({ name: "X" }, project),
      await create({ name: "Y" }, project),
      await create({ name: "Z" }, project),
    ];
    expect((await send("PATCH", `/api/locations/${z.id}`, { order: 0 })).statusCode).toBe(200);
    expect((await send("PATCH", `/api/locations/${x.id}`, { order: 99 })).statusCode).toBe(200);
    expect(await paths(project)).toEqual(["1:0:Z", "1:1:Y", "1:2:X"]);
  });

  it("deletes a branch: children go, reports keep their text and lose the link", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    const floor = await create({ name: "Level 2" }, project);
    const flat = await create({ name: "Flat 2.01", parentId: floor.id }, project);
    const keep = await create({ name: "Level 3" }, project);
    const report = await insertReport(
      t,
      { workspaceId: me.user.workspaceId, projectId: project },
      { location_id: flat.id, description: "Scratched door" },
    );
    const res = await send("DELETE", `/api/locations/${floor.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedLocations: 2, unlinkedReports: 1 });
    expect(await paths(project)).toEqual(["1:0:Level 3"]);
    const stored = await t.ctx.db
      .selectFrom("snagging_reports")
      .selectAll()
      .where("id", "=", report.id as string)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ location_id: null, description: "Scratched door" });
    expect(
      await t.ctx.db.selectFrom("location_closure").selectAll().where("descendant_id", "=", flat.id).execute(),
    ).toEqual([]);
    expectError(await send("DELETE", `/api/locations/${floor.id}`), 404);
    expect(keep.id).toBeTruthy();
  });

  it("imports a list in one transaction: reuses paths, names a bad line, refuses a huge list", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    await create({ name: "Block B" }, project);
    const text = "Block B > Level 3 > Flat 3.04;B-3-04\nblock b > Level 3 > Flat 3.05\n\nBlock B > Level 4\n";
    const res = await t.request({
      method: "POST",
      url: `/api/projects/${project}/locations/import`,
      token: me.accessToken,
      headers: { "content-type": "text/plain" },
      payload: text,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 4, reused: 1 });
    expect(await paths(project)).toEqual([
      "1:0:Block B",
      "2:0:Block B > Level 3",
      "3:0:Block B > Level 3 > Flat 3.04",
      "3:1:Block B > Level 3 > Flat 3.05",
      "2:1:Block B > Level 4",
    ]);
    expect((await tree(project)).find((l) => l.name === "Flat 3.04")?.code).toBe("B-3-04");
    // Again as JSON: everything reused, nothing created.
    const again = await send("POST", `/api/projects/${project}/locations/import`, { lines: text.split("\n") });
    expect(again.json()).toEqual({ created: 0, reused: 5 });

    const before = await countRows(t, "locations");
    const bad = await send("POST", `/api/projects/${project}/locations/import`, {
      lines: ["New A > New B", "Fine", "Block B >  > Flat"],
    });
    expectError(bad, 400, "Line 3: a level of the path is empty (two > in a row, or one at an end)");
    const huge = await send("POST", `/api/projects/${project}/locations/import`, {
      lines: Array.from({ length: 10_000 }, (_, i) => `Room ${i}`),
    });
    expectError(huge, 413);
    expectError(await send("POST", `/api/projects/${project}/locations/import`, { lines: "nope" }), 400);
    expect(await countRows(t, "locations")).toBe(before);
  });

  it("a project moved to the Trash and restored comes back with its tree and its reports' locations", async () => {
    const project = (await createProject(t, me.accessToken, { name: "Trash Tree" })).id;
    await send("POST", `/api/projects/${project}/locations/import`, { lines: ["Core 1 > L2 > Lobby;C1-L2", "Core 2"] });
    const before = await tree(project);
    const lobby = before.find((l) => l.name === "Lobby") as Location;
    const report = await insertReport(
      t,
      { workspaceId: me.user.workspaceId, projectId: project },
      { location_id: lobby.id },
    );
    expect((await send("DELETE", `/api/projects/${project}`)).statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom("locations").select("id").where("project_id", "=", project).execute()).toEqual([]);
    const items = ((await send("GET", "/api/trash")).json() as { items: { id: string; name: string }[] }).items;
    const item = items.find((i) => i.name === "Trash Tree") as { id: string };
    expect((await send("POST", `/api/trash/${item.id}/restore`)).statusCode).toBe(200);
    const shape = (list: Location[]) => list.map((l) => [l.id, l.parentId, l.path, l.depth, l.order, l.code]);
    const after = await tree(project);
    expect(shape(after)).toEqual(shape(before));
    expect(after.find((l) => l.id === lobby.id)?.reportCounts).toEqual({ open: 1, total: 1 });
    const got = await send("GET", `/api/snagging/${report.id}`);
    expect((got.json() as { report: { locationPath: string } }).report.locationPath).toBe("Core 1 > L2 > Lobby");
    expect((await send("GET", `/api/snagging?locationId=${before[0]?.id}`)).json()).toMatchObject({
      reports: [expect.objectContaining({ id: report.id })],
    });
  });

  it("refuses another project's sheet, and speaks the reader's language", async () => {
    const project = (await createProject(t, me.accessToken)).id;
    expectError(
      await send("POST", `/api/projects/${project}/locations`, {
        name: "L1",
        sheetId: "0190a0b0-0000-7000-8000-000000000000",
      }),
      400,
      "Sheet not found",
    );
    const polish = await signUp(t);
    await t.request({
      method: "PATCH",
      url: `/api/users/${polish.user.id}`,
      token: polish.accessToken,
      payload: { locale: "pl" },
    });
    const theirs = (await createProject(t, polish.accessToken)).id;
    const bad = await send(
      "POST",
      `/api/projects/${theirs}/locations/import`,
      { lines: ["A", "A >  > B"] },
      polish.accessToken,
    );
    expectError(bad, 400, "Wiersz 2: poziom ścieżki jest pusty (dwa znaki > pod rząd lub jeden na końcu)");
    const deep = await send("POST", `/api/projects/${theirs}/locations`, { name: "" }, polish.accessToken);
    expectError(deep, 400, "Nazwa lokalizacji jest wymagana");
  });

  it("answers another workspace's project or location as unknown (404), and GET /api/locations/{id} to members", async () => {
    const loc = await create({ name: "Roof" });
    const lookup = await send("GET", `/api/locations/${loc.id}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json() as LocationLookup).toEqual({ projectId, location: expect.objectContaining({ path: "Roof" }) });
    const outsider = await signUp(t);
    for (const [method, url] of [
      ["GET", `/api/locations/${loc.id}`],
      ["PATCH", `/api/locations/${loc.id}`],
      ["DELETE", `/api/locations/${loc.id}`],
      ["GET", `/api/projects/${projectId}/locations`],
      ["POST", `/api/projects/${projectId}/locations`],
    ] as const) {
      const res = await send(
        method,
        url,
        method === "PATCH" || method === "POST" ? { name: "Mine" } : undefined,
        outsider.accessToken,
      );
      expectError(res, 404);
    }
    // An outsider's parent id in my project: refused like an unknown id.
    const theirProject = (await createProject(t, outsider.accessToken)).id;
    const theirs = await create({ name: "Theirs" }, projectId).then(() =>
      send("POST", `/api/projects/${theirProject}/locations`, { name: "T" }, outsider.accessToken),
    );
    const theirId = (theirs.json() as { location: Location }).location.id;
    expectError(
      await send("POST", `/api/projects/${projectId}/locations`, { name: "X", parentId: theirId }),
      400,
      "Parent location not found",
    );
    expectError(
      await send("PATCH", `/api/locations/${loc.id}`, { parentId: theirId }),
      400,
      "Parent location not found",
    );
  });
});
