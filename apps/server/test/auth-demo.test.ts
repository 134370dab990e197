import type { ActivityList } from "@sitesnag/shared/activity";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { CommentList } from "@sitesnag/shared/comments";
import { DEMO_EMAIL, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import type { Location } from "@sitesnag/shared/locations";
import type { Project } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { demoLogin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("demo sandboxes (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const projectsOf = async (token: string): Promise<Project[]> => {
    const res = await t.request({ method: "GET", url: "/api/projects", token });
    expect(res.statusCode).toBe(200);
    return (res.json() as { projects: Project[] }).projects;
  };

  it("signs in a demo user with tokens, in a new workspace seeded with 2-3 projects", async () => {
    const workspacesBefore = await countRows(t, "workspaces");
    const demo = await demoLogin(t);
    expect(Object.keys(demo).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(demo.user).toMatchObject({ role: "user", membership_type: "free" });
    expect(await countRows(t, "workspaces")).toBe(workspacesBefore + 1);
    const workspace = await t.ctx.db
      .selectFrom("workspaces")
      .selectAll()
      .where("id", "=", demo.user.workspaceId)
      .executeTakeFirstOrThrow();
    expect(Number(workspace.is_demo)).toBe(1);
    expect(workspace.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const projects = await projectsOf(demo.accessToken);
    expect(projects.length).toBeGreaterThanOrEqual(2);
    expect(projects.length).toBeLessThanOrEqual(3);
  });

  it("gives two demo logins separate workspaces: one's edits never show in the other", async () => {
    const first = await demoLogin(t);
    const second = await demoLogin(t);
    expect(second.user.id).not.toBe(first.user.id);
    expect(second.user.workspaceId).not.toBe(first.user.workspaceId);
    const firstIds = (await projectsOf(first.accessToken)).map((p) => p.id);
    const secondIds = (await projectsOf(second.accessToken)).map((p) => p.id);
    expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);

    const created = await t.request({
      method: "POST",
      url: "/api/projects",
      token: first.accessToken,
      payload: { name: "Visitor one's project" },
    });
    expect(created.statusCode).toBe(201);
    const firstNames = (await projectsOf(first.accessToken)).map((p) => p.name);
    const secondNames = (await projectsOf(second.accessToken)).map((p) => p.name);
    expect(firstNames).toContain("Visitor one's project");
    expect(secondNames).not.toContain("Visitor one's project");
  });

  it("keeps a demo user's projects out of a regular account, and the reverse", async () => {
    const demo = await demoLogin(t);
    const regular = await signUp(t);
    const demoProject = (await projectsOf(demo.accessToken))[0] as Project;
    expect(await projectsOf(regular.accessToken)).toEqual([]);
    const res = await t.request({ method: "GET", url: `/api/projects/${demoProject.id}`, token: regular.accessToken });
    expectError(res, 404);
  });

  it("opens a fresh sandbox when signing in with the demo credentials shown on /demo", async () => {
    const viaButton = await demoLogin(t);
    const answers = await Promise.all(
      [DEMO_EMAIL, ` ${DEMO_EMAIL.toUpperCase()} `].map((email) =>
        t.request({ method: "POST", url: "/api/auth/login", payload: { email, password: DEMO_PASSWORD } }),
      ),
    );
    const workspaces = new Set([viaButton.user.workspaceId]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AuthResponse;
      workspaces.add(body.user.workspaceId);
      expect((await projectsOf(body.accessToken)).length).toBeGreaterThanOrEqual(2);
    }
    expect(workspaces.size).toBe(3);
  });

  it("refuses the demo email with any other password, creating nothing", async () => {
    const workspacesBefore = await countRows(t, "workspaces");
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_EMAIL, password: `${DEMO_PASSWORD}x` },
    });
    expectError(res, 401, "Invalid email or password");
    expect(await countRows(t, "workspaces")).toBe(workspacesBefore);
  });

  it("gives the sample reports the history a team would have: created, assigned, statuses, comments, verifications", async () => {
    const demo = await demoLogin(t);
    const get = async <T>(url: string): Promise<T> => {
      const res = await t.request({ method: "GET", url, token: demo.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const { reports } = await get<{ reports: Report[] }>("/api/snagging");
    expect(reports.length).toBeGreaterThan(0);
    const histories = new Map<string, ActivityList["activity"]>();
    for (const report of reports) {
      // Newest first: read oldest first, as it happened.
      const { activity } = await get<ActivityList>(`/api/snagging/${report.id}/activity`);
      histories.set(report.id, [...activity].reverse());
    }
    for (const report of reports) {
      const history = histories.get(report.id) ?? [];
      expect(history[0]?.type, report.title).toBe("created");
      expect(history[0]?.summary).toMatch(/photo/);
      expect(history.map((e) => e.summary).join("\n"), report.title).toMatch(/Assign/i);
      expect(history.every((e) => e.actorName === "Demo User")).toBe(true);
      expect(history.map((e) => e.at)).toEqual([...history.map((e) => e.at)].sort((a, b) => a - b));
    }
    const types = [...histories.values()].flat().map((e) => e.type);
    expect(types).toContain("status_changed");
    expect(types).toContain("comment_added");

    // One report went round the loop: resolved, its fix rejected with a reason, fixed again, accepted.
    const verified = reports.filter((r) => (histories.get(r.id) ?? []).some((e) => e.type === "verification_rejected"));
    expect(verified).toHaveLength(1);
    const closed = verified[0] as Report;
    expect(closed.status).toBe("closed");
    const loop = (histories.get(closed.id) ?? []).map((e) => e.type);
    expect(loop.indexOf("verification_rejected")).toBeGreaterThan(loop.indexOf("status_changed"));
    expect(loop.at(-1)).toBe("verification_accepted");
    const rejected = (histories.get(closed.id) ?? []).find((e) => e.type === "verification_rejected");
    expect(rejected?.comment).toMatch(/\w/);

    // A comment in the history is a comment on the report too.
    const commented = reports.find((r) => (histories.get(r.id) ?? []).some((e) => e.type === "comment_added"));
    const { comments } = await get<CommentList>(`/api/snagging/${commented?.id}/comments`);
    expect(comments.length).toBeGreaterThan(0);
    expect(comments[0]?.body).toBe(
      (histories.get(commented?.id ?? "") ?? []).find((e) => e.type === "comment_added")?.comment,
    );
  });

  it("lays out each sample project as a location tree, its reports filed in it and the block's drawing on Block B", async () => {
    const demo = await demoLogin(t);
    const projects = await projectsOf(demo.accessToken);
    const block = projects.find((p) => p.name.startsWith("Riverside"));
    if (!block) throw new Error("no sample block");
    const res = await t.request({ method: "GET", url: `/api/projects/${block.id}/locations`, token: demo.accessToken });
    expect(res.statusCode).toBe(200);
    const tree = (res.json() as { locations: Location[] }).locations;
    const byPath = new Map(tree.map((l) => [l.path, l]));
    // Block B > Level 1–3 > six flats each > Kitchen, Bathroom, Hallway; a stair core a level.
    expect(tree).toHaveLength(1 + 3 * (1 + 6 * 4 + 1));
    expect(Math.max(...tree.map((l) => l.depth))).toBe(4);
    expect(byPath.get("Block B > Level 2 > Flat 2.04")?.code).toBe("B-2-04");
    // The block's three snags are in it, so the counts roll up to the block.
    expect(byPath.get("Block B")?.reportCounts).toEqual({ open: 2, total: 3 });
    expect(byPath.get("Block B > Level 3")?.reportCounts).toEqual({ open: 1, total: 2 });
    const reports = await t.request({ method: "GET", url: "/api/snagging?limit=50", token: demo.accessToken });
    const paths = (reports.json() as { reports: Report[] }).reports.map((r) => r.locationPath).sort();
    expect(paths).toEqual([
      "Block B > Level 2 > Flat 2.04 > Kitchen",
      "Block B > Level 3 > Flat 3.01 > Bathroom",
      "Block B > Level 3 > Stair core B",
      "Extension > Classroom 2",
      "Extension > Plant room",
      "Third floor > Meeting room 3",
    ]);
    // Where the drawing services run, the sample drawing is carried by the block.
    const sheet = await t.ctx.db
      .selectFrom("sheets")
      .select("id")
      .where("project_id", "=", block.id)
      .executeTakeFirst();
    expect(byPath.get("Block B")?.sheetId).toBe(sheet?.id ?? null);
  });

  it("lets a demo session refresh like any other", async () => {
    const demo = await demoLogin(t);
    const res = await t.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: demo.refreshToken },
    });
    expect(res.statusCode).toBe(200);
  });
});
