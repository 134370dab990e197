import type { Project } from "@sitesnag/shared/projects";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/ids";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("projects access (%s)", (kind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let aliceProject: Project;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t, { firstName: "Alice" });
    bob = await signUp(t, { firstName: "Bob" });
    aliceProject = await createProject(t, alice.accessToken, { name: "Alice's site", clientName: "Alice Ltd" });
  });
  afterAll(() => t.close());

  const storedRow = (id: string) => t.ctx.db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();

  it.each([
    ["GET", "/api/projects", undefined],
    ["POST", "/api/projects", { name: "No token" }],
    ["GET", "/api/projects/:id", undefined],
    ["PUT", "/api/projects/:id", { name: "No token" }],
    ["DELETE", "/api/projects/:id", undefined],
  ] as const)("answers %s %s without a token with 401 and changes nothing", async (method, url, payload) => {
    const before = await storedRow(aliceProject.id);
    const count = await countRows(t, "projects");
    const res = await t.request({
      method,
      url: url.replace(":id", aliceProject.id),
      ...(payload ? { payload } : {}),
    });
    expectError(res, 401, "Authentication required");
    expect(await storedRow(aliceProject.id)).toEqual(before);
    expect(await countRows(t, "projects")).toBe(count);
  });

  it("checks the token before the body: no token and an invalid body is still 401", async () => {
    expectError(await t.request({ method: "POST", url: "/api/projects", payload: { name: "" } }), 401);
    const put = await t.request({ method: "PUT", url: `/api/projects/${aliceProject.id}`, payload: { status: "x" } });
    expectError(put, 401);
  });

  it("lists only the caller's own workspace", async () => {
    const bobProject = await createProject(t, bob.accessToken, { name: "Bob's site" });
    const asBob = await t.request({ method: "GET", url: "/api/projects", token: bob.accessToken });
    expect(asBob.json()).toEqual({ projects: [bobProject] });
    const asAlice = (await t.request({ method: "GET", url: "/api/projects", token: alice.accessToken })).json() as {
      projects: Project[];
    };
    expect(asAlice.projects.map((p) => p.id)).toContain(aliceProject.id);
    expect(asAlice.projects.map((p) => p.id)).not.toContain(bobProject.id);
  });

  it("answers another workspace's project with 404 on GET, PUT and DELETE, leaving it unchanged", async () => {
    const before = await storedRow(aliceProject.id);
    const url = `/api/projects/${aliceProject.id}`;
    expectError(await t.request({ method: "GET", url, token: bob.accessToken }), 404, "Project not found");
    expectError(
      await t.request({
        method: "PUT",
        url,
        token: bob.accessToken,
        payload: { name: "Hijacked", status: "archived" },
      }),
      404,
      "Project not found",
    );
    expectError(await t.request({ method: "DELETE", url, token: bob.accessToken }), 404, "Project not found");
    expect(await storedRow(aliceProject.id)).toEqual(before);
    const asAlice = await t.request({ method: "GET", url, token: alice.accessToken });
    expect(asAlice.json()).toEqual({ project: aliceProject });
  });

  it("answers a missing and another workspace's id alike, so existence is not leaked", async () => {
    const missing = await t.request({ method: "GET", url: `/api/projects/${newId()}`, token: bob.accessToken });
    const foreign = await t.request({ method: "GET", url: `/api/projects/${aliceProject.id}`, token: bob.accessToken });
    expect(missing.json()).toEqual(foreign.json());
  });

  it.each(["not-a-uuid", "12345", encodeURIComponent("' OR 1=1 --"), "0198c1d2-zzzz-7000-8000-000000000000"])(
    "answers a malformed id (%s) with 404 on GET, PUT and DELETE",
    async (id) => {
      const count = await countRows(t, "projects");
      const url = `/api/projects/${id}`;
      const token = alice.accessToken;
      expectError(await t.request({ method: "GET", url, token }), 404);
      expectError(await t.request({ method: "PUT", url, token, payload: { name: "X" } }), 404);
      expectError(await t.request({ method: "DELETE", url, token }), 404);
      expect(await countRows(t, "projects")).toBe(count);
    },
  );
});
