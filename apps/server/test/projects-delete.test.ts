import { access } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredTrash } from "../src/trash/trash.service";
import { expectError } from "./assertions";
import { createProject, insertAttachment, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("DELETE /api/projects/:id cascade (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const fileExists = async (key: string) => {
    const onDisk = await access(path.join(t.dataDir, "files", key)).then(
      () => true,
      () => false,
    );
    const stream = await t.ctx.storage.get(key);
    stream?.destroy();
    expect(stream !== null).toBe(onDisk);
    return onDisk;
  };
  const reportRow = (id: string) =>
    t.ctx.db.selectFrom("snagging_reports").select("id").where("id", "=", id).executeTakeFirst();
  const attachmentRow = (id: string) =>
    t.ctx.db.selectFrom("attachments").select("id").where("id", "=", id).executeTakeFirst();

  async function projectWithPhoto(owner: Awaited<ReturnType<typeof signUp>>, name: string) {
    const project = await createProject(t, owner.accessToken, { name });
    const parent = { workspaceId: owner.user.workspaceId, projectId: project.id, userId: owner.user.id };
    const report = await insertReport(t, parent);
    const attachment = await insertAttachment(t, { id: report.id, workspace_id: owner.user.workspaceId });
    return { project, report, attachment };
  }

  it("removes the project's reports and attachment rows (files at the Trash's purge), and nothing of another project", async () => {
    const owner = await signUp(t);
    const doomed = await projectWithPhoto(owner, "Doomed");
    const kept = await projectWithPhoto(owner, "Kept");
    expect(await reportRow(doomed.report.id)).toBeDefined();
    expect(await fileExists(doomed.attachment.storage_key)).toBe(true);
    expect(await fileExists(doomed.attachment.thumbnail_key)).toBe(true);

    const res = await t.request({
      method: "DELETE",
      url: `/api/projects/${doomed.project.id}`,
      token: owner.accessToken,
    });
    expect(res.statusCode).toBe(204);

    expect(await reportRow(doomed.report.id)).toBeUndefined();
    expect(await attachmentRow(doomed.attachment.id)).toBeUndefined();
    // In the Trash for 30 days: the files stay until it is purged.
    expect(await fileExists(doomed.attachment.storage_key)).toBe(true);
    await purgeExpiredTrash(t.ctx, Math.floor(Date.now() / 1000) + 31 * 86_400);
    expect(await fileExists(doomed.attachment.storage_key)).toBe(false);
    expect(await fileExists(doomed.attachment.thumbnail_key)).toBe(false);

    expect(await reportRow(kept.report.id)).toBeDefined();
    expect(await attachmentRow(kept.attachment.id)).toBeDefined();
    expect(await fileExists(kept.attachment.storage_key)).toBe(true);
    expect(await fileExists(kept.attachment.thumbnail_key)).toBe(true);
    const listed = await t.request({ method: "GET", url: "/api/snagging", token: owner.accessToken });
    expect((listed.json() as { reports: { id: string }[] }).reports.map((r) => r.id)).toEqual([kept.report.id]);
  });

  it("removes several reports of one project", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const parent = { workspaceId: owner.user.workspaceId, projectId: project.id };
    await insertReport(t, parent);
    await insertReport(t, parent);
    const res = await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expect(res.statusCode).toBe(204);
    const left = await t.ctx.db
      .selectFrom("snagging_reports")
      .select("id")
      .where("project_id", "=", project.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("touches nothing when another workspace tries the delete", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const target = await projectWithPhoto(owner, "Target");
    const res = await t.request({
      method: "DELETE",
      url: `/api/projects/${target.project.id}`,
      token: intruder.accessToken,
    });
    expectError(res, 404);
    expect(await reportRow(target.report.id)).toBeDefined();
    expect(await attachmentRow(target.attachment.id)).toBeDefined();
    expect(await fileExists(target.attachment.storage_key)).toBe(true);
  });
});
