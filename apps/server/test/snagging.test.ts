import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { createProject, insertAttachment, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("GET /api/snagging (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    stranger = await signUp(t);
    const tower = await createProject(t, owner.accessToken, { name: "Tower" });
    const depot = await createProject(t, owner.accessToken, { name: "Depot" });
    const elsewhere = await createProject(t, stranger.accessToken, { name: "Elsewhere" });
    const mine = { workspaceId: owner.user.workspaceId, userId: owner.user.id };
    const towerOpen = await insertReport(t, { ...mine, projectId: tower.id }, { status: "open", created_at: 1_000 });
    const towerClosed = await insertReport(
      t,
      { ...mine, projectId: tower.id },
      { status: "closed", created_at: 2_000 },
    );
    const depotOpen = await insertReport(t, { ...mine, projectId: depot.id }, { status: "open", created_at: 3_000 });
    const foreign = await insertReport(t, { workspaceId: stranger.user.workspaceId, projectId: elsewhere.id });
    await insertAttachment(t, { id: towerOpen.id, workspace_id: owner.user.workspaceId });
    Object.assign(ids, {
      tower: tower.id,
      depot: depot.id,
      elsewhere: elsewhere.id,
      towerOpen: towerOpen.id,
      towerClosed: towerClosed.id,
      depotOpen: depotOpen.id,
      foreign: foreign.id,
    });
  });
  afterAll(() => t.close());

  const list = async (query = "", token = owner.accessToken): Promise<Report[]> => {
    const res = await t.request({ method: "GET", url: `/api/snagging${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json() as object)).toEqual(["reports"]);
    return (res.json() as { reports: Report[] }).reports;
  };

  it("lists only the caller's workspace, newest first, with project and author names", async () => {
    const reports = await list();
    expect(reports.map((r) => r.id)).toEqual([ids.depotOpen, ids.towerClosed, ids.towerOpen]);
    const towerOpen = reports.find((r) => r.id === ids.towerOpen);
    expect(towerOpen).toMatchObject({
      projectId: ids.tower,
      projectName: "Tower",
      status: "open",
      createdByName: "Olive Owner",
      createdAt: 1_000,
    });
    expect(towerOpen?.attachments).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        file_path: expect.stringMatching(/^\/files\/photos\/[0-9a-f]{32}\.jpg$/),
        thumbnail_path: expect.stringMatching(/^\/files\/photos\/[0-9a-f]{32}-thumb\.jpg$/),
        original_name: "photo.jpg",
      }),
    ]);
    expect((await list("", stranger.accessToken)).map((r) => r.id)).toEqual([ids.foreign]);
  });

  it("filters by project and by status, alone and together", async () => {
    expect((await list(`?projectId=${ids.tower}`)).map((r) => r.id)).toEqual([ids.towerClosed, ids.towerOpen]);
    expect((await list("?status=open")).map((r) => r.id)).toEqual([ids.depotOpen, ids.towerOpen]);
    expect((await list(`?projectId=${ids.tower}&status=closed`)).map((r) => r.id)).toEqual([ids.towerClosed]);
    expect(await list("?status=in-progress")).toEqual([]);
  });

  it("answers another workspace's or a malformed projectId with an empty list", async () => {
    expect(await list(`?projectId=${ids.elsewhere}`)).toEqual([]);
    expect(await list("?projectId=not-a-uuid")).toEqual([]);
  });

  it("refuses an unknown status with 400", async () => {
    const res = await t.request({ method: "GET", url: "/api/snagging?status=pending", token: owner.accessToken });
    expectFieldError(res, "status", "Status must be open, in-progress, resolved or closed");
  });

  it("answers 401 without a token, even with a bad query", async () => {
    expectError(await t.request({ method: "GET", url: "/api/snagging" }), 401);
    expectError(await t.request({ method: "GET", url: "/api/snagging?status=pending" }), 401);
  });
});
