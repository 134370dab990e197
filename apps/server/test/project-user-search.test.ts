// Project search and the admin's user search fold case and accents as report search does
// (shared/search.ts, migration 0008): every word must match, through create, edit and the
// migration's backfill, on SQLite and PostgreSQL, and only inside the caller's workspace.
import type { Project } from "@sitesnag/shared/projects";
import type { AdminUser } from "@sitesnag/shared/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, up } from "../src/db/migrations/0008-project-user-search-text";
import { createProject, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("project and user search (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let jose: Awaited<ReturnType<typeof signUp>>;
  let joseph: Awaited<ReturnType<typeof signUp>>;
  const projects: Record<string, Project> = {};

  const findProjects = async (words: string, token = owner.accessToken) => {
    const res = await t.request({ method: "GET", url: `/api/projects?search=${encodeURIComponent(words)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { projects: Project[] }).projects.map((p) => p.name).sort();
  };
  const findUsers = async (words: string) => {
    const res = await t.request({
      method: "GET",
      url: `/api/users?search=${encodeURIComponent(words)}`,
      token: admin.accessToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { users: AdminUser[] }).users.map((u) => u.id).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    admin = await signInAdmin(t);
    jose = await signUp(t, { firstName: "José", lastName: "Müller-Ñúñez", email: "jose.m@example.com" });
    joseph = await signUp(t, { firstName: "Joseph", lastName: "Miller", email: "joe@example.com" });
    for (const [name, description] of [
      ["Café Royal refurbishment", "Façade and lobby"],
      ["North Tower", "Block B CAFE fit-out"],
      ["Depot 50%", "Yard"],
    ] as const) {
      projects[name] = await createProject(t, owner.accessToken, { name, description });
    }
    const stranger = await signUp(t);
    await createProject(t, stranger.accessToken, { name: "Café elsewhere" });
  });
  afterAll(() => t.close());

  it("finds projects by every word of name or description, ignoring case and accents", async () => {
    expect(await findProjects("cafe")).toEqual(["Café Royal refurbishment", "North Tower"]);
    expect(await findProjects("CAFÉ")).toEqual(["Café Royal refurbishment", "North Tower"]);
    expect(await findProjects("cafe\u0301")).toEqual(["Café Royal refurbishment", "North Tower"]); // combining accent
    expect(await findProjects("facade royal")).toEqual(["Café Royal refurbishment"]);
    expect(await findProjects("tower fit-out")).toEqual(["North Tower"]);
    expect(await findProjects("tower façade")).toEqual([]);
    // LIKE wildcards are text.
    expect(await findProjects("50%")).toEqual(["Depot 50%"]);
    expect(await findProjects("_")).toEqual([]);
  });

  it("finds a project by its new name after an edit, not by the old one", async () => {
    const depot = projects["Depot 50%"] as Project;
    const res = await t.request({
      method: "PUT",
      url: `/api/projects/${depot.id}`,
      token: owner.accessToken,
      payload: { name: "Crèche extension", description: "Yard", location: "", clientName: "", status: "active" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await findProjects("creche")).toEqual(["Crèche extension"]);
    expect(await findProjects("depot")).toEqual([]);
  });

  it("finds users by every word of first name, last name or email, ignoring case and accents", async () => {
    expect(await findUsers("josé")).toEqual([jose.user.id, joseph.user.id].sort());
    expect(await findUsers("JOSÉ müller")).toEqual([jose.user.id]);
    expect(await findUsers("jose miller")).toEqual([joseph.user.id]);
    expect(await findUsers("nunez")).toEqual([jose.user.id]);
    expect(await findUsers("jose.m@example")).toEqual([jose.user.id]);
    expect(await findUsers("müller miller")).toEqual([]);
  });

  it("follows a profile edit, and keeps what a membership change leaves alone", async () => {
    const edit = await t.request({
      method: "PATCH",
      url: `/api/users/${jose.user.id}`,
      token: jose.accessToken,
      payload: { firstName: "Zoë", lastName: "Brontë", email: "zoe.b@example.com" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await findUsers("zoe bronte")).toEqual([jose.user.id]);
    expect(await findUsers("jose.m")).toEqual([]);
    const now = Math.floor(Date.now() / 1000);
    const membership = await t.request({
      method: "PATCH",
      url: `/api/users/${jose.user.id}/membership`,
      token: admin.accessToken,
      payload: {
        membership_type: "yearly",
        membership_start_date: now,
        membership_end_date: now + 86_400,
        membership_amount: 99,
      },
    });
    expect(membership.statusCode, membership.body).toBe(200);
    expect(await findUsers("ZOE")).toEqual([jose.user.id]);
  });

  it("the migration backfills projects and users written before it", async () => {
    // Back to before 0008 and forward again: the columns are made anew and filled from the rows.
    await t.ctx.db.transaction().execute(async (trx) => {
      await down(trx as never);
      await up(trx as never);
    });
    expect(await findProjects("cafe")).toEqual(["Café Royal refurbishment", "North Tower"]);
    expect(await findProjects("creche")).toEqual(["Crèche extension"]);
    expect(await findUsers("bronte")).toEqual([jose.user.id]);
    // New rows still get their search text after the round trip.
    await createProject(t, owner.accessToken, { name: "Pâtisserie" });
    expect(await findProjects("patisserie")).toEqual(["Pâtisserie"]);
  });
});
