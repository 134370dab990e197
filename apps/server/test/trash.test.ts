// Deleting projects is owner-only, and deleted projects and reports go to the Trash for 30 days
// (issue 22): gone from every list, count, search, CSV and sync answer while there; restored in one
// request with the same ids and photos; purged (rows, then files) by the hourly clean-up.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Report } from "@sitesnag/shared/snagging";
import type { TrashItem } from "@sitesnag/shared/trash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredTrash } from "../src/trash/trash.service";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe.each(DIALECTS)("Trash (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.request({ method: "GET", url, token });
  const trash = async (token: string) => ((await get("/api/trash", token)).json() as { items: TrashItem[] }).items;
  const restore = (id: string, token: string) => t.request({ method: "POST", url: `/api/trash/${id}/restore`, token });

  async function team() {
    const owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const { token } = invite.json() as { token: string };
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: {
        firstName: "Mel",
        lastName: "Member",
        email: `mel.${Date.now()}.${Math.random()}@example.com`,
        password: "member-pass-1",
      },
    });
    return { owner, member: joined.json() as AuthResponse };
  }

  async function reportWithPhoto(token: string, projectId: string, description: string): Promise<Report> {
    const body = await multipart({ projectId, priority: "high", description }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    const res = await t.request({ method: "POST", url: "/api/snagging", token, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { report: Report }).report;
  }

  /** What the workspace's lists, counts, search, CSV and dashboard figures show. */
  async function visible(token: string) {
    const reports = (await get("/api/snagging", token)).json() as { reports: Report[] };
    const searched = (await get("/api/snagging?search=Wharf", token)).json() as { reports: Report[] };
    return {
      projects: ((await get("/api/projects", token)).json() as { projects: { id: string }[] }).projects.map(
        (p) => p.id,
      ),
      projectCount: ((await get("/api/projects/count", token)).json() as { count: number }).count,
      reports: reports.reports.map((r) => r.id).sort(),
      searched: searched.reports.map((r) => r.id).sort(),
      counts: (await get("/api/snagging/counts", token)).json() as Record<string, unknown>,
      csv: (await get("/api/snagging/export/csv", token)).body,
    };
  }

  it("a member is not allowed to delete a project: 403, nothing changes", async () => {
    const { owner, member } = await team();
    const project = await createProject(t, owner.accessToken, { name: "Keep me" });
    const res = await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: member.accessToken });
    expectError(res, 403, "Only the workspace owner can delete or restore projects");
    expect((await get(`/api/projects/${project.id}`, owner.accessToken)).statusCode).toBe(200);
    expect(await trash(owner.accessToken)).toEqual([]);
  });

  it("a deleted project and its reports leave every list, count, search and CSV, and come back on restore", async () => {
    const { owner, member } = await team();
    const before = await visible(owner.accessToken);
    const project = await createProject(t, owner.accessToken, { name: "Canal Wharf" });
    const a = await reportWithPhoto(owner.accessToken, project.id, "Wharf tile cracked");
    const b = await reportWithPhoto(member.accessToken, project.id, "Wharf rail loose");
    const withIt = await visible(owner.accessToken);
    expect(withIt.reports).toEqual([a.id, b.id].sort());
    expect(withIt.searched).toEqual([a.id, b.id].sort());

    expect(
      (await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken })).statusCode,
    ).toBe(204);
    expect(await visible(owner.accessToken)).toEqual(before);
    expect(await visible(member.accessToken)).toEqual(before);
    expectError(await get(`/api/projects/${project.id}`, owner.accessToken), 404);
    expectError(await get(`/api/snagging/${a.id}`, owner.accessToken), 404);
    // The photos are still stored (the Trash keeps them) but not served, even to whoever kept the URL.
    const photoKey = String(a.attachments[0]?.file_path).slice("/files/".length);
    expect(await t.ctx.storage.stat(photoKey)).not.toBeNull();
    for (const url of [a.attachments[0]?.file_path, a.attachments[0]?.thumbnail_path, b.attachments[0]?.file_path]) {
      expectError(await t.request({ method: "GET", url: url as string }), 404);
    }

    const items = await trash(member.accessToken);
    expect(items).toEqual([
      expect.objectContaining({
        kind: "project",
        name: "Canal Wharf",
        detail: "2 reports",
        reportCount: 2,
        deletedByName: "Olive Owner",
      }),
    ]);
    const item = items[0] as TrashItem;
    // The storage it still holds until purged (for quotas and the admin's figures).
    const held = await t.ctx.db
      .selectFrom("trash_items")
      .select("file_bytes")
      .where("id", "=", item.id)
      .executeTakeFirst();
    // Display copies and thumbnails, as the workspace's storage quota counts them, still charged.
    expect(Number(held?.file_bytes)).toBeGreaterThan(
      (a.attachments[0]?.size_bytes ?? 0) + (b.attachments[0]?.size_bytes ?? 0),
    );
    const used = await t.ctx.db
      .selectFrom("workspaces")
      .select("storage_bytes")
      .where("id", "=", owner.user.workspaceId)
      .executeTakeFirst();
    expect(Number(used?.storage_bytes)).toBe(Number(held?.file_bytes));
    expect(item.purgeAt - item.deletedAt).toBe(30 * DAY);
    expect(Math.abs(item.deletedAt - now())).toBeLessThan(60);

    // Only the owner restores a project.
    expectError(await restore(item.id, member.accessToken), 403);
    const back = await restore(item.id, owner.accessToken);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ restored: { kind: "project", id: project.id } });
    expect(await visible(owner.accessToken)).toEqual(withIt);
    const inProject = (await get(`/api/snagging?projectId=${project.id}&limit=20`, owner.accessToken)).json() as {
      reports: Report[];
    };
    expect(inProject.reports.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const restored = (await get(`/api/snagging/${a.id}`, owner.accessToken)).json() as { report: Report };
    expect(restored.report).toEqual(a);
    // Served again once restored.
    for (const url of [a.attachments[0]?.file_path, a.attachments[0]?.thumbnail_path]) {
      expect((await t.request({ method: "GET", url: url as string })).statusCode).toBe(200);
    }
    expect(await trash(owner.accessToken)).toEqual([]);
    expectError(await restore(item.id, owner.accessToken), 404);
  });

  it("a deleted report goes to the Trash; any member restores it; its project must be back first", async () => {
    const { owner, member } = await team();
    const project = await createProject(t, owner.accessToken, { name: "Block B" });
    const report = await reportWithPhoto(owner.accessToken, project.id, "Socket loose");
    expect(
      (await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: member.accessToken })).statusCode,
    ).toBe(204);
    expectError(await get(`/api/snagging/${report.id}`, owner.accessToken), 404);
    const [item] = await trash(owner.accessToken);
    expect(item).toMatchObject({
      kind: "report",
      name: report.title,
      detail: "Block B",
      reportCount: null,
      deletedByName: "Mel Member",
    });

    // The project goes to the Trash too: the report cannot come back before it.
    await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expectError(
      await restore((item as TrashItem).id, member.accessToken),
      409,
      "Restore the project “Block B” first: this report belongs to it.",
    );
    const projectItem = (await trash(owner.accessToken)).find((i) => i.kind === "project") as TrashItem;
    expect((await restore(projectItem.id, owner.accessToken)).statusCode).toBe(200);
    expect((await restore((item as TrashItem).id, member.accessToken)).statusCode).toBe(200);
    const back = (await get(`/api/snagging/${report.id}`, owner.accessToken)).json() as { report: Report };
    expect(back.report).toEqual(report);
  });

  it("another workspace's Trash is not found, and its list is empty", async () => {
    const { owner } = await team();
    const stranger = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    const [item] = await trash(owner.accessToken);
    expect(await trash(stranger.accessToken)).toEqual([]);
    expectError(await restore((item as TrashItem).id, stranger.accessToken), 404);
    expectError(await restore("not-an-id", owner.accessToken), 404);
    expect(await trash(owner.accessToken)).toHaveLength(1);
  });

  it("is purged after 30 days, rows then files; not a moment before", async () => {
    const { owner } = await team();
    const project = await createProject(t, owner.accessToken);
    const report = await reportWithPhoto(owner.accessToken, project.id, "Purge me");
    const file = report.attachments[0]?.file_path as string;
    await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });

    const key = file.slice("/files/".length);
    await purgeExpiredTrash(t.ctx, now() + 29 * DAY);
    expect(await trash(owner.accessToken)).toHaveLength(1);
    expect(await t.ctx.storage.stat(key)).not.toBeNull();

    expect(await purgeExpiredTrash(t.ctx, now() + 30 * DAY + 60)).toBeGreaterThanOrEqual(1);
    expect(await trash(owner.accessToken)).toEqual([]);
    expect(await t.ctx.storage.stat(key)).toBeNull();
    const left = await t.ctx.db.selectFrom("trashed_files").select("key").where("key", "=", key).execute();
    expect(left).toEqual([]);
  });

  it("the owner deletes an item for good now: rows, files and storage go at once, once; members cannot", async () => {
    const { owner, member } = await team();
    const ws = owner.user.workspaceId;
    const used = async () =>
      Number(
        (await t.ctx.db.selectFrom("workspaces").select("storage_bytes").where("id", "=", ws).executeTakeFirstOrThrow())
          .storage_bytes,
      );
    const project = await createProject(t, owner.accessToken);
    const report = await reportWithPhoto(owner.accessToken, project.id, "Delete me for good");
    const key = String(report.attachments[0]?.file_path).slice("/files/".length);
    const remove = await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: member.accessToken });
    expect(remove.statusCode).toBe(204);
    const charged = await used();
    expect(charged).toBeGreaterThan(0);
    const [item] = await trash(owner.accessToken);
    const purgeFor = (token: string) => t.request({ method: "DELETE", url: `/api/trash/${item?.id}`, token });

    const refused = await purgeFor(member.accessToken);
    expectError(refused, 403);
    expect(refused.json().message).toBe("Only the workspace owner can delete items for good");
    expect(await trash(owner.accessToken)).toHaveLength(1);

    expect((await purgeFor(owner.accessToken)).statusCode).toBe(204);
    expect(await trash(owner.accessToken)).toEqual([]);
    expect(await t.ctx.storage.stat(key)).toBeNull();
    expect(await used()).toBe(0);
    expect(await t.ctx.db.selectFrom("trashed_files").select("key").where("key", "=", key).execute()).toEqual([]);
    // A repeat (a retried request) purges nothing twice and releases nothing twice.
    await t.ctx.db.updateTable("workspaces").set({ storage_bytes: 12345 }).where("id", "=", ws).execute();
    expectError(await purgeFor(owner.accessToken), 404);
    expect(await used()).toBe(12345);
    expectError(await restore(item?.id as string, owner.accessToken), 404);
    // Another workspace's owner cannot name it.
    const stranger = await signUp(t);
    expectError(await purgeFor(stranger.accessToken), 404);
  });
});
