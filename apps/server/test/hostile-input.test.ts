// Every route against a catalogue of hostile bodies, queries and ids: none may answer 5xx, and
// none may leave a row behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const deep = (depth: number): unknown => (depth === 0 ? "x" : { a: deep(depth - 1) });

const HOSTILE_BODIES: unknown[] = [
  null,
  true,
  0,
  -1e308,
  "string",
  [],
  [{}],
  {},
  { email: ["a@b.co"], password: { $gt: "" } },
  { email: "a@b.co' OR '1'='1", password: "' OR 1=1 --" },
  { firstName: "\u0000", lastName: "\uD800", email: "nul\u0000@x.co", password: "p\u0000ssword-long" },
  { firstName: "👷".repeat(500), lastName: "x", email: `${"a".repeat(300)}@example.com`, password: "x".repeat(5000) },
  { name: 12345, status: "ACTIVE", description: { nested: true } },
  { name: "x", status: "active", clientName: null, location: 1e308 * 10 },
  { name: "NUL\u0000project", description: "line\u0000break", location: "\u001b[31m", clientName: "\u007f" },
  { refreshToken: "a".repeat(10_000) },
  { constructor: { prototype: { polluted: true } }, name: "proto" },
  deep(200),
];

const ID_PARAMS = [
  "not-a-uuid",
  "' OR 1=1 --",
  "%00",
  "..%2F..%2Fetc%2Fpasswd",
  "0".repeat(100),
  "00000000-0000-0000-0000-000000000000",
];
const QUERIES = [
  "status=bogus",
  "status[]=open",
  "projectId=' OR 1=1 --",
  "projectId=%00",
  "status=open&status=closed",
];

describe.each(DIALECTS)("hostile input never yields a 5xx or a stray row (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  let reportId: string;
  const tables = [
    "users",
    "workspaces",
    "projects",
    "snagging_reports",
    "attachments",
    "idempotency_keys",
    "sync_applied",
  ] as const;
  const snapshot = async () => Promise.all(tables.map((table) => countRows(t, table)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    const account = await signUp(t);
    token = account.accessToken;
    projectId = (await createProject(t, token)).id;
    reportId = String((await insertReport(t, { workspaceId: account.user.workspaceId, projectId })).id);
  });
  const reportRow = () =>
    t.ctx.db.selectFrom("snagging_reports").selectAll().where("id", "=", reportId).executeTakeFirst();
  afterAll(() => t.close());

  it("JSON bodies on every write route", async () => {
    const before = await snapshot();
    const routes: [string, string, boolean][] = [
      ["POST", "/api/auth/register", false],
      ["POST", "/api/auth/login", false],
      ["POST", "/api/auth/refresh", false],
      ["POST", "/api/auth/logout", false],
      ["POST", "/api/projects", true],
      ["PUT", `/api/projects/${projectId}`, true],
      ["POST", "/api/snagging", true],
      ["PATCH", `/api/snagging/${reportId}`, true],
      ["POST", "/api/snagging/sync", true],
    ];
    const report = await reportRow();
    for (const [method, url, authed] of routes) {
      for (const body of HOSTILE_BODIES) {
        const res = await t.request({
          method: method as "POST" | "PUT" | "PATCH",
          url,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
          ...(authed ? { token } : {}),
        });
        expect(
          res.statusCode,
          `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (res.body !== "") expect(res.json()).toBeTypeOf("object");
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await reportRow()).toEqual(report);
    const project = await t.request({ method: "GET", url: `/api/projects/${projectId}`, token });
    expect(project.json()).toMatchObject({ project: { name: "Test Project", status: "active" } });
  });

  it("hostile sync items each answer their own error and change nothing", async () => {
    const before = await snapshot();
    const report = await reportRow();
    // Prototype-poisoning bodies are refused whole by the JSON parser (the sweep above covers them).
    const bodies = HOSTILE_BODIES.filter((b) => !JSON.stringify(b)?.includes("constructor"));
    const items: unknown[] = [...bodies];
    for (const body of bodies) {
      for (const action of ["create", "update", "status", "delete"]) {
        items.push({ tempId: `h-${items.length}`, action, resource: "snagging", data: body });
      }
      if (typeof body !== "string") {
        items.push({ tempId: body, action: "create", resource: "snagging", data: { projectId, priority: "low" } });
      }
    }
    for (const id of ID_PARAMS) {
      for (const action of ["update", "status", "delete"]) {
        items.push({
          tempId: `id-${items.length}`,
          action,
          resource: "snagging",
          data: { reportId: id, status: "closed" },
        });
      }
    }
    for (let i = 0; i < items.length; i += 100) {
      const batch = items.slice(i, i + 100);
      const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, payload: { items: batch } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const results = (res.json() as { data: { results: { success: boolean; statusCode?: number }[] } }).data.results;
      expect(results).toHaveLength(batch.length);
      for (const [n, r] of results.entries()) {
        expect(r.success, JSON.stringify(batch[n])?.slice(0, 120)).toBe(false);
        expect(r.statusCode).toBeLessThan(500);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await reportRow()).toEqual(report);
  });

  it("ids and query strings", async () => {
    for (const id of ID_PARAMS) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const res = await t.request({ method, url: `/api/projects/${id}`, token, payload: { name: "x" } });
        expect(res.statusCode, `${method} ${id}`).toBeLessThan(500);
      }
    }
    for (const id of ID_PARAMS) {
      for (const [method, suffix] of [
        ["GET", ""],
        ["PATCH", ""],
        ["DELETE", ""],
        ["GET", "/download-pdf"],
      ] as const) {
        const res = await t.request({
          method,
          url: `/api/snagging/${id}${suffix}`,
          token,
          payload: { status: "closed" },
        });
        expect(res.statusCode, `${method} ${id}${suffix}`).toBeLessThan(500);
      }
      const file = await t.request({ method: "GET", url: `/files/${id}` });
      expect(file.statusCode, `/files/${id}`).toBe(404);
    }
    for (const query of QUERIES) {
      for (const url of [`/api/snagging?${query}`, `/api/snagging/export/csv?${query}`]) {
        const res = await t.request({ method: "GET", url, token });
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    expect(await countRows(t, "projects")).toBe(1);
    expect(await countRows(t, "snagging_reports")).toBe(1);
  });

  it("malformed multipart bodies and headers on the report routes", async () => {
    const before = await snapshot();
    const report = await reportRow();
    const bodies: [string, string | Buffer][] = [
      ["multipart/form-data; boundary=x", "<x/>"],
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n'],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n',
      ],
      [
        "multipart/form-data; boundary=x",
        `--x\r\nContent-Disposition: form-data; name="images"; filename="../../a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff garbage\r\n--x--\r\n`,
      ],
      ["multipart/form-data; boundary=x", Buffer.alloc(70_000, 0x2d)],
      ["text/plain", "projectId=1"],
      ["application/octet-stream", Buffer.from([0xff, 0xd8, 0xff])],
    ];
    for (const [method, url] of [
      ["POST", "/api/snagging"],
      ["PATCH", `/api/snagging/${reportId}`],
      ["POST", "/api/snagging/sync"],
    ] as const) {
      for (const [contentType, payload] of bodies) {
        for (const headers of [{}, { "idempotency-key": "\u00e9" }, { "idempotency-key": "k".repeat(256) }]) {
          const res = await t.request({
            method,
            url,
            token,
            headers: { ...headers, "content-type": contentType },
            payload,
          });
          expect(res.statusCode, `${method} ${url} ${contentType} ${String(payload).slice(0, 60)}`).toBeLessThan(500);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await reportRow()).toEqual(report);
  });

  it("headers: garbage tokens and content types", async () => {
    for (const authorization of ["Bearer", "Bearer ", "Basic abc", `Bearer ${"x".repeat(8000)}`, "Bearer a.b.c"]) {
      const res = await t.request({ method: "GET", url: "/api/projects", headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
    for (const contentType of [
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
    ]) {
      const res = await t.request({
        method: "POST",
        url: "/api/projects",
        token,
        headers: { "content-type": contentType },
        payload: "<x/>",
      });
      expect(res.statusCode, contentType).toBeLessThan(500);
    }
  });
});
