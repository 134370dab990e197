import path from "node:path";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeExpiredTrash } from "../src/trash/trash.service";
import { expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";
import { insertMember, snagState } from "./snagging-state";

describe.each(DIALECTS)("GET, PATCH and DELETE /api/snagging/{id} (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let otherProjectId: string;
  let memberId: string;
  let photo: Buffer;
  let report: Report;
  let foreign: Report;

  const create = async (token: string, fields: Record<string, string>, photos = 2): Promise<Report> => {
    const files = await Promise.all(
      Array.from({ length: photos }, async (_, i) => ({ name: `p${i + 1}.jpg`, data: await jpegPhoto({ seed: i }) })),
    );
    const body = await multipart(fields, files);
    const res = await t.request({ method: "POST", url: "/api/snagging", token, ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { report: Report }).report;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    stranger = await signUp(t);
    projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
    otherProjectId = (await createProject(t, owner.accessToken, { name: "Depot" })).id;
    memberId = await insertMember(t, owner.user.workspaceId, "Ravi");
    photo = await jpegPhoto({ seed: 5 });
    const strangerProject = await createProject(t, stranger.accessToken);
    foreign = await create(stranger.accessToken, { projectId: strangerProject.id, priority: "low" }, 1);
  });
  beforeEach(async () => {
    report = await create(owner.accessToken, { projectId, priority: "medium", description: "📷 Photo 1 - A: x" });
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: object, token = owner.accessToken) =>
    t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, payload });
  const get = (id: string, token = owner.accessToken) =>
    t.request({ method: "GET", url: `/api/snagging/${id}`, token });

  it("changes the status alone", async () => {
    const res = await patch(report.id, { status: "in-progress" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { report: Report }).report).toEqual({
      ...report,
      status: "in-progress",
      version: report.version + 1,
    });
  });

  it("edits the form's fields, accepting the unchanged title and project, and clears with null", async () => {
    const res = await patch(report.id, {
      title: report.title,
      projectId,
      description: "📷 Photo 1 - B: y",
      priority: "critical",
      assignedTo: memberId,
      dueDate: 1800000000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { report: Report }).report).toMatchObject({
      title: report.title,
      description: "📷 Photo 1 - B: y",
      priority: "critical",
      assignedTo: memberId,
      assignedToName: "Ravi Member",
      dueDate: 1800000000,
    });
    const cleared = await patch(report.id, { assignedTo: null, dueDate: null });
    expect((cleared.json() as { report: Report }).report).toMatchObject({ assignedTo: null, dueDate: null });
  });

  it("adds and removes photos with a multipart PATCH, then deletes the removed files", async () => {
    const [first, second] = report.attachments;
    if (!first || !second) throw new Error("expected two photos");
    const body = await multipart({ removeAttachmentIds: [first.id], priority: "low" }, [
      { name: "new.jpg", data: photo },
    ]);
    const res = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = (res.json() as { report: Report }).report;
    expect(updated.priority).toBe("low");
    expect(updated.attachments.map((a) => a.original_name)).toEqual(["p2.jpg", "new.jpg"]);
    expect((await t.request({ method: "GET", url: first.file_path })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: first.thumbnail_path as string })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: updated.attachments[1]?.file_path as string })).statusCode).toBe(200);
  });

  describe("refusals change nothing", () => {
    let before: Awaited<ReturnType<typeof snagState>>;
    beforeEach(async () => {
      before = await snagState(t);
    });
    const unchanged = async () => expect(await snagState(t)).toEqual(before);

    it("another workspace's report or a malformed id: 404 on every method", async () => {
      for (const id of [foreign.id, "not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
        expectError(await get(id), 404, "Report not found");
        expectError(await patch(id, { status: "closed" }), 404, "Report not found");
        expectError(await t.request({ method: "DELETE", url: `/api/snagging/${id}`, token: owner.accessToken }), 404);
        expectError(
          await t.request({ method: "GET", url: `/api/snagging/${id}/download-pdf`, token: owner.accessToken }),
          404,
        );
      }
      const body = await multipart({ priority: "low" }, [{ name: "x.jpg", data: photo }]);
      expectError(
        await t.request({ method: "PATCH", url: `/api/snagging/${foreign.id}`, token: owner.accessToken, ...body }),
        404,
      );
      expect((await get(foreign.id, stranger.accessToken)).statusCode).toBe(200);
      await unchanged();
    });

    it("a bad status, a foreign assignee, a new project or title, an empty patch: 400", async () => {
      expectFieldError(
        await patch(report.id, { status: "done" }),
        "status",
        "Status must be open, in-progress, resolved or closed",
      );
      expectFieldError(
        await patch(report.id, { assignedTo: stranger.user.id }),
        "assignedTo",
        "Assignee must be a member or a contact of your workspace",
      );
      expectFieldError(
        await patch(report.id, { projectId: otherProjectId }),
        "projectId",
        "The project of a report cannot be changed",
      );
      expectFieldError(
        await patch(report.id, { title: "SNAG-20200101-1234" }),
        "title",
        "The reference number cannot be changed",
      );
      expectError(await patch(report.id, {}), 400);
      expectFieldError(
        await patch(report.id, { removeAttachmentIds: [foreign.attachments[0]?.id] }),
        "removeAttachmentIds",
        "Photo not found on this report",
      );
      await unchanged();
    });

    it("more than 20 photos in total: 413", async () => {
      const files = Array.from({ length: 19 }, (_, i) => ({ name: `n${i}.jpg`, data: photo }));
      const body = await multipart({}, files);
      expectError(
        await t.request({ method: "PATCH", url: `/api/snagging/${report.id}`, token: owner.accessToken, ...body }),
        413,
        "A report can have at most 20 photos.",
      );
      await unchanged();
    });

    it("a non-image added on PATCH: 415", async () => {
      const body = await multipart({ priority: "low" }, [{ name: "x.jpg", data: Buffer.from("text") }]);
      expectError(
        await t.request({ method: "PATCH", url: `/api/snagging/${report.id}`, token: owner.accessToken, ...body }),
        415,
      );
      await unchanged();
    });

    it("no token: 401", async () => {
      expectError(
        await t.request({ method: "PATCH", url: `/api/snagging/${report.id}`, payload: { status: "closed" } }),
        401,
      );
      expectError(await t.request({ method: "DELETE", url: `/api/snagging/${report.id}` }), 401);
      await unchanged();
    });
  });

  it("DELETE removes the report and its attachment rows (its files at the Trash's purge), and nothing else", async () => {
    const before = await snagState(t);
    const res = await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: owner.accessToken });
    expect(res.statusCode).toBe(204);
    expectError(await get(report.id), 404);
    const after = await snagState(t);
    expect(after.reports).toBe(before.reports - 1);
    expect(after.attachments).toBe(before.attachments - 2);
    const removed = report.attachments.flatMap((a) =>
      [a.file_path, a.thumbnail_path].map((p) => String(p).slice("/files/".length)),
    );
    // In the Trash: the files stay stored (not served) until it is purged after 30 days.
    expect(after.files).toEqual(before.files);
    for (const key of removed) expectError(await t.request({ method: "GET", url: `/files/${key}` }), 404);
    await purgeExpiredTrash(t.ctx, Math.floor(Date.now() / 1000) + 31 * 86_400);
    expect((await snagState(t)).files).toEqual(before.files.filter((f) => !removed.includes(f)));
    expect(await listFiles(path.join(t.dataDir, "files"))).not.toContain(removed[0]);
    expect((await get(foreign.id, stranger.accessToken)).statusCode).toBe(200);
  });

  it("the list keeps working, with attachments, for the owner only", async () => {
    const res = await t.request({ method: "GET", url: "/api/snagging", token: owner.accessToken });
    const reports = (res.json() as { reports: Report[] }).reports;
    expect(reports.find((r) => r.id === report.id)?.attachments).toEqual(report.attachments);
    expect(reports.some((r) => r.id === foreign.id)).toBe(false);
  });
});
