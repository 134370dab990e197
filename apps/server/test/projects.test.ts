import type { Project } from "@sitesnag/shared/projects";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allKeys, countRows, expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const FIELDS = [
  "clientName",
  "createdAt",
  "description",
  "id",
  "location",
  "name",
  "requireEvidenceToClose",
  "status",
  "verifiedClosing",
];
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(DIALECTS)("projects CRUD (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signUp(t)).accessToken;
  });
  afterAll(() => t.close());

  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const storedRow = (id: string) => t.ctx.db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();

  it("creates a project with 201 {project}, stored with every field", async () => {
    const input = {
      name: "Riverside Block C",
      description: "Pre-handover snagging",
      location: "1 Wharf Road, London",
      clientName: "Thameside Homes",
      status: "completed",
    };
    const res = await send("POST", "/api/projects", input);
    expect(res.statusCode).toBe(201);
    const { project } = res.json() as { project: Project };
    expect(Object.keys(res.json() as object)).toEqual(["project"]);
    expect(Object.keys(project).sort()).toEqual(FIELDS);
    expect(project).toMatchObject(input);
    expect(Number.isInteger(project.createdAt)).toBe(true);
    expect(Math.abs(project.createdAt - nowSeconds())).toBeLessThanOrEqual(5);
    const stored = await storedRow(project.id);
    expect(stored).toMatchObject({ name: input.name, client_name: "Thameside Homes", status: "completed" });
    expect(stored?.created_at).toBe(project.createdAt);
  });

  it("defaults status to active and optional fields to empty strings, and trims text", async () => {
    const res = await send("POST", "/api/projects", { name: "  Bare minimum  " });
    expect(res.statusCode).toBe(201);
    const { project } = res.json() as { project: Project };
    expect(project).toMatchObject({
      name: "Bare minimum",
      description: "",
      location: "",
      clientName: "",
      status: "active",
    });
  });

  it("lists the workspace's projects as {projects}, newest first", async () => {
    const owner = await signUp(t);
    const older = await createProject(t, owner.accessToken, { name: "Older" });
    const newer = await createProject(t, owner.accessToken, { name: "Newer" });
    const res = await t.request({ method: "GET", url: "/api/projects", token: owner.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ projects: [newer, older] });
  });

  it("reads one project as {project}", async () => {
    const created = await createProject(t, token, { name: "Readable", location: "Leeds" });
    const res = await send("GET", `/api/projects/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ project: created });
  });

  it("replaces a project with PUT, keeping its id and createdAt", async () => {
    const created = await createProject(t, token, { name: "Before", description: "old", clientName: "Old client" });
    const res = await send("PUT", `/api/projects/${created.id}`, { name: "After", status: "archived" });
    expect(res.statusCode).toBe(200);
    const expected = { ...created, name: "After", description: "", clientName: "", status: "archived" };
    expect(res.json()).toEqual({ project: expected });
    expect((await send("GET", `/api/projects/${created.id}`)).json()).toEqual({ project: expected });
    expect(await storedRow(created.id)).toMatchObject({ name: "After", status: "archived", client_name: "" });
  });

  it("deletes a project with 204, after which it is gone", async () => {
    const created = await createProject(t, token);
    const res = await send("DELETE", `/api/projects/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await storedRow(created.id)).toBeUndefined();
    expectError(await send("GET", `/api/projects/${created.id}`), 404, "Project not found");
    expectError(await send("DELETE", `/api/projects/${created.id}`), 404);
  });

  const invalid: [string, string, Record<string, unknown>, string][] = [
    ["a missing name", "name", { description: "x" }, "Project name is required"],
    ["a blank name", "name", { name: "   " }, "Project name is required"],
    ["a non-string name", "name", { name: 42 }, "Project name is required"],
    ["a 201-character name", "name", { name: "n".repeat(201) }, "Project name must be at most 200 characters"],
    [
      "an over-long description",
      "description",
      { name: "P", description: "d".repeat(5001) },
      "Description must be at most 5000 characters",
    ],
    [
      "an over-long location",
      "location",
      { name: "P", location: "l".repeat(301) },
      "Location must be at most 300 characters",
    ],
    [
      "an over-long client",
      "clientName",
      { name: "P", clientName: "c".repeat(201) },
      "Client name must be at most 200 characters",
    ],
    ["an unknown status", "status", { name: "P", status: "paused" }, "Status must be active, completed or archived"],
  ];

  it.each(invalid)("refuses %s on create with 400 and stores nothing", async (_label, field, payload, message) => {
    const before = await countRows(t, "projects");
    expectFieldError(await send("POST", "/api/projects", payload), field, message);
    expect(await countRows(t, "projects")).toBe(before);
  });

  it.each(invalid)(
    "refuses %s on update with 400 and leaves the project as it was",
    async (_l, field, payload, message) => {
      const created = await createProject(t, token, { name: "Untouched", description: "keep me" });
      const before = await storedRow(created.id);
      expectFieldError(await send("PUT", `/api/projects/${created.id}`, payload), field, message);
      expect(await storedRow(created.id)).toEqual(before);
    },
  );

  it("accepts names and fields at their exact limits", async () => {
    const res = await send("POST", "/api/projects", {
      name: "n".repeat(200),
      description: "d".repeat(5000),
      location: "l".repeat(300),
      clientName: "c".repeat(200),
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ["a JSON array", "[]"],
    ["a JSON string", '"a project"'],
    ["JSON null", "null"],
    ["a number", "7"],
    ["malformed JSON", "{name:"],
    ["an empty body", ""],
  ])("answers %s as the body with 400, never 500, and stores nothing", async (_label, raw) => {
    const before = await countRows(t, "projects");
    const res = await t.request({
      method: "POST",
      url: "/api/projects",
      token,
      headers: { "content-type": "application/json" },
      payload: raw,
    });
    expectError(res, 400);
    expect(await countRows(t, "projects")).toBe(before);
  });

  it("ignores unknown fields such as a foreign workspace or a chosen id", async () => {
    const res = await send("POST", "/api/projects", { name: "Sneaky", workspace_id: "elsewhere", id: "chosen" });
    expect(res.statusCode).toBe(201);
    const { project } = res.json() as { project: Project };
    expect(project.id).not.toBe("chosen");
    expect(allKeys(res.json())).not.toContain("workspace_id");
    const stored = await storedRow(project.id);
    expect(stored?.workspace_id).not.toBe("elsewhere");
  });
});
