// Fair share between workspaces (decision 0019): writes per minute per account and per workspace,
// in items and bytes, and the storage quota per workspace, through the real API on both databases.

import path from "node:path";
import type { Sheet } from "@sitesnag/shared/sheets";
import type { SyncResponse } from "@sitesnag/shared/sync";
import type { AdminUser } from "@sitesnag/shared/users";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTokens } from "../src/auth/token-rotation";
import { WriteLimits } from "../src/quotas/write-limits";
import { nowSeconds } from "../src/time";
import { purgeExpiredTrash } from "../src/trash/trash.service";
import { expectError } from "./assertions";
import { createProject, demoLogin, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";
import { countQueries } from "./query-counter";
import { insertMember, snagState } from "./snagging-state";

const MB = 1024 * 1024;

const usedBytes = async (t: TestApp, workspaceId: string) =>
  Number(
    (await t.ctx.db.selectFrom("workspaces").select("storage_bytes").where("id", "=", workspaceId).executeTakeFirst())
      ?.storage_bytes,
  );

const setUsedBytes = (t: TestApp, workspaceId: string, bytes: number) =>
  t.ctx.db.updateTable("workspaces").set({ storage_bytes: bytes }).where("id", "=", workspaceId).execute();

const storedBytes = async (t: TestApp, reportId: string) =>
  (
    await t.ctx.db
      .selectFrom("attachments")
      .select(["size_bytes", "thumbnail_bytes"])
      .where("report_id", "=", reportId)
      .execute()
  ).reduce((sum, a) => sum + Number(a.size_bytes) + Number(a.thumbnail_bytes), 0);

async function createWithPhotos(t: TestApp, token: string, projectId: string, photos: number, seed = 1) {
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({
      name: `p${i}.jpg`,
      data: await jpegPhoto({ width: 900, height: 700, seed: seed + i }),
    })),
  );
  const description = files.map((_, i) => `📷 Photo ${i + 1} - Core B: crack ${i}`).join("\n");
  const body = await multipart({ projectId, priority: "high", description }, files);
  return t.request({ method: "POST", url: "/api/snagging", token, ...body });
}

describe.each(DIALECTS)("storage quota per workspace (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { STORAGE_QUOTA_MB: "2", DEMO_STORAGE_QUOTA_MB: "30" });
  });
  afterAll(() => t.close());

  it("charges stored photos and thumbnails, and releases them on photo removal and when the Trash is purged", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const res = await createWithPhotos(t, owner.accessToken, project.id, 2);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json().report;
    const charged = await storedBytes(t, report.id);
    expect(charged).toBeGreaterThan(0);
    expect(await usedBytes(t, ws)).toBe(charged);

    const remove = await multipart({ removeAttachmentIds: report.attachments[0].id });
    const patched = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      ...remove,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await usedBytes(t, ws)).toBe(await storedBytes(t, report.id));

    // A deleted report goes to the Trash with its files: they count until the purge releases them.
    const kept = await usedBytes(t, ws);
    const del = await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: owner.accessToken });
    expect(del.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBe(kept);
    await purgeExpiredTrash(t.ctx, nowSeconds() + 31 * 86_400);
    expect(await usedBytes(t, ws)).toBe(0);

    const again = await createWithPhotos(t, owner.accessToken, project.id, 1);
    expect(again.statusCode).toBe(201);
    expect(await usedBytes(t, ws)).toBeGreaterThan(0);
    const gone = await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBeGreaterThan(0);
    await purgeExpiredTrash(t.ctx, nowSeconds() + 31 * 86_400);
    expect(await usedBytes(t, ws)).toBe(0);
  });

  it("refuses a create past the quota with 413 and a sentence, leaving no row, file or charge", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    await setUsedBytes(t, ws, 2 * MB - 1000);
    const before = await snagState(t);
    const res = await createWithPhotos(t, owner.accessToken, project.id, 1);
    expectError(res, 413);
    expect(res.json().message).toContain("Your workspace has used its 2 MB of storage.");
    expect(res.json().message).toContain("nothing was saved");
    expect(await snagState(t)).toEqual(before);
    expect(await usedBytes(t, ws)).toBe(2 * MB - 1000);
    // A report without photos still fits: the quota is about stored files.
    const plain = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId: project.id, priority: "low", description: "📷 Photo 1 - Roof: loose flashing" },
    });
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it("refuses an edit adding photos past the quota, and lets a photo swap that frees room through", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const created = await createWithPhotos(t, owner.accessToken, project.id, 1);
    const report = created.json().report;
    await setUsedBytes(t, ws, 2 * MB - 10);
    const photo = { name: "more.jpg", data: await jpegPhoto({ width: 900, height: 700, seed: 9 }) };
    const add = await multipart({}, [photo]);
    const before = await snagState(t);
    const res = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      ...add,
    });
    expectError(res, 413);
    expect(res.json().message).toContain("Your workspace has used its 2 MB of storage.");
    expect(await snagState(t)).toEqual(before);
    expect(await usedBytes(t, ws)).toBe(2 * MB - 10);

    // Still 10 bytes short of full: swapping the photo for the same one again fits, because what
    // is removed is released before what is added is charged.
    const swap = await multipart({ removeAttachmentIds: report.attachments[0].id }, [
      { name: "same.jpg", data: await jpegPhoto({ width: 900, height: 700, seed: 1 }) },
    ]);
    const swapped = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      ...swap,
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
  });

  it("refuses a sync create past the quota on that item only: no row, no file, no ledger entry", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    await setUsedBytes(t, ws, 2 * MB - 1000);
    const items = [
      {
        tempId: "q-photo",
        action: "create",
        resource: "snagging",
        photos: ["q-photo:0"],
        data: { projectId: project.id, priority: "high", description: "📷 Photo 1 - Stair: chipped nosing" },
      },
      {
        tempId: "q-plain",
        action: "create",
        resource: "snagging",
        data: { projectId: project.id, priority: "low", description: "📷 Photo 1 - Hall: scuff" },
      },
    ];
    const form = new FormData();
    form.append("items", JSON.stringify({ items }));
    form.append(
      "q-photo:0",
      new Blob([new Uint8Array(await jpegPhoto({ width: 900, height: 700 }))], { type: "image/jpeg" }),
      "a.jpg",
    );
    const response = new Response(form);
    const payload = Buffer.from(await response.arrayBuffer());
    const before = await snagState(t);
    const res = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload,
      headers: { "content-type": response.headers.get("content-type") as string },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [photoItem, plainItem] = (res.json() as SyncResponse).data.results;
    expect(photoItem).toMatchObject({ success: false, tempId: "q-photo", statusCode: 413 });
    expect(photoItem?.error).toContain("Your workspace has used its 2 MB of storage.");
    expect(plainItem).toMatchObject({ success: true, tempId: "q-plain" });
    const after = await snagState(t);
    expect(after.reports).toBe(before.reports + 1);
    expect(after.attachments).toBe(before.attachments);
    expect(after.files).toEqual(before.files);
    const ledger = await t.ctx.db
      .selectFrom("sync_applied")
      .select("temp_id")
      .where("user_id", "=", owner.user.id)
      .execute();
    expect(ledger.map((r) => r.temp_id)).toEqual(["q-plain"]);
  });

  it("charges comment photos, refuses one past the quota leaving nothing stored, and releases them on delete and at the purge", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const plainReport = async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/snagging",
        token: owner.accessToken,
        payload: { projectId: project.id, priority: "low", description: "📷 Photo 1 - Roof: loose flashing" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().report.id as string;
    };
    const comment = async (reportId: string, photos: number, seed: number) =>
      t.request({
        method: "POST",
        url: `/api/snagging/${reportId}/comments`,
        token: owner.accessToken,
        ...(await multipart(
          { body: "See the photos" },
          await Promise.all(
            Array.from({ length: photos }, async (_, i) => ({
              name: `c${i}.jpg`,
              data: await jpegPhoto({ width: 900, height: 700, seed: seed + i }),
            })),
          ),
        )),
      });
    const commentBytes = async (commentId: string) =>
      (
        await t.ctx.db
          .selectFrom("comment_photos")
          .select(["size_bytes", "thumbnail_bytes"])
          .where("comment_id", "=", commentId)
          .execute()
      ).reduce((sum, p) => {
        expect(Number(p.size_bytes)).toBeGreaterThan(0);
        expect(Number(p.thumbnail_bytes)).toBeGreaterThan(0);
        return sum + Number(p.size_bytes) + Number(p.thumbnail_bytes);
      }, 0);

    const reportId = await plainReport();
    const first = await comment(reportId, 2, 40);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().comment.id as string;
    const charged = await commentBytes(firstId);
    expect(await usedBytes(t, ws)).toBe(charged);

    // Past the quota: 413 with the sentence, and no comment, photo row, file or charge.
    await setUsedBytes(t, ws, 2 * MB - 1000);
    const rowsBefore = await t.ctx.db
      .selectFrom("report_comments")
      .select("id")
      .where("report_id", "=", reportId)
      .execute();
    const filesBefore = await listFiles(path.join(t.dataDir, "files"));
    const refused = await comment(reportId, 1, 50);
    expectError(refused, 413);
    expect(refused.json().message).toContain("Your workspace has used its 2 MB of storage.");
    expect(
      await t.ctx.db.selectFrom("report_comments").select("id").where("report_id", "=", reportId).execute(),
    ).toEqual(rowsBefore);
    expect(await listFiles(path.join(t.dataDir, "files"))).toEqual(filesBefore);
    expect(await usedBytes(t, ws)).toBe(2 * MB - 1000);
    await setUsedBytes(t, ws, charged);

    // Deleting the comment releases its photos.
    const del = await t.request({ method: "DELETE", url: `/api/comments/${firstId}`, token: owner.accessToken });
    expect(del.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBe(0);

    // A deleted report's comment photos count while in the Trash, and are released at the purge.
    const second = await comment(reportId, 1, 60);
    expect(second.statusCode, second.body).toBe(201);
    const held = await commentBytes(second.json().comment.id);
    expect(await usedBytes(t, ws)).toBe(held);
    const gone = await t.request({ method: "DELETE", url: `/api/snagging/${reportId}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBe(held);
    await purgeExpiredTrash(t.ctx, nowSeconds() + 31 * 86_400);
    expect(await usedBytes(t, ws)).toBe(0);

    // And with a deleted project.
    const third = await comment(await plainReport(), 1, 70);
    expect(third.statusCode, third.body).toBe(201);
    expect(await usedBytes(t, ws)).toBeGreaterThan(0);
    const projectGone = await t.request({
      method: "DELETE",
      url: `/api/projects/${project.id}`,
      token: owner.accessToken,
    });
    expect(projectGone.statusCode).toBe(204);
    await purgeExpiredTrash(t.ctx, nowSeconds() + 31 * 86_400);
    expect(await usedBytes(t, ws)).toBe(0);
  });

  it("shows the admin each workspace's usage and quota, demo sandboxes with their own", async () => {
    const owner = await signUp(t, { email: `quota.owner.${Date.now()}@example.com` });
    const project = await createProject(t, owner.accessToken);
    await createWithPhotos(t, owner.accessToken, project.id, 1);
    const demo = await demoLogin(t);
    const admin = await signInAdmin(t);
    const res = await t.request({ method: "GET", url: "/api/users?pageSize=100", token: admin.accessToken });
    expect(res.statusCode).toBe(200);
    const users = res.json().users as AdminUser[];
    const listed = users.find((u) => u.id === owner.user.id);
    expect(listed?.workspaceStorageBytes).toBe(await usedBytes(t, owner.user.workspaceId));
    expect(listed?.workspaceStorageBytes).toBeGreaterThan(0);
    expect(listed?.workspaceStorageQuotaBytes).toBe(2 * MB);
    const sandbox = users.find((u) => u.id === demo.user.id);
    // The demo seed's photos are charged to the sandbox like any other.
    expect(sandbox?.workspaceStorageBytes).toBe(await usedBytes(t, demo.user.workspaceId));
    expect(sandbox?.workspaceStorageBytes).toBeGreaterThan(0);
    expect(sandbox?.workspaceStorageQuotaBytes).toBe(30 * MB);
    // A member never sees these figures.
    const members = await t.request({ method: "GET", url: "/api/users", token: owner.accessToken });
    expect(JSON.stringify(members.json())).not.toContain("workspaceStorage");
  });

  /** Uploads a PNG drawing; answers the response and, when accepted, the settled sheet. */
  async function uploadDrawing(token: string, projectId: string, png: Buffer) {
    const body = await multipart({}, [{ name: "plan.png", data: png, type: "image/png" }], "file");
    const res = await t.request({ method: "POST", url: `/api/projects/${projectId}/sheets`, token, ...body });
    if (res.statusCode !== 201) return { res, sheet: undefined };
    const id = (res.json().sheets as Sheet[])[0]?.id as string;
    for (let i = 0; i < 600; i += 1) {
      const sheet = (await t.request({ method: "GET", url: `/api/sheets/${id}`, token })).json().sheet as Sheet;
      if (sheet.status !== "processing") return { res, sheet };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("sheet never settled");
  }
  const plan = (width = 900) =>
    sharp({ create: { width, height: 600, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();

  it("charges a drawing's upload and rendered files, releases them on sheet delete and at the Trash purge", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const png = await plan();
    const { sheet } = await uploadDrawing(owner.accessToken, project.id, png);
    expect(sheet?.status, sheet?.failureReason ?? "").toBe("ready");
    expect(sheet?.tileBytes).toBeGreaterThan(0);
    expect(await usedBytes(t, ws)).toBe(png.length + (sheet?.tileBytes ?? 0));
    const del = await t.request({ method: "DELETE", url: `/api/sheets/${sheet?.id}`, token: owner.accessToken });
    expect(del.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBe(0);

    // In the Trash with its project, a drawing still counts; the purge releases it.
    const again = await uploadDrawing(owner.accessToken, project.id, png);
    expect(again.sheet?.status).toBe("ready");
    const charged = await usedBytes(t, ws);
    expect(charged).toBe(png.length + (again.sheet?.tileBytes ?? 0));
    const gone = await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(await usedBytes(t, ws)).toBe(charged);
    await purgeExpiredTrash(t.ctx, nowSeconds() + 31 * 86_400);
    expect(await usedBytes(t, ws)).toBe(0);
  }, 120_000);

  it("refuses a drawing past the quota with 413 and a sentence, storing nothing; a render past it fails, charging nothing", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const png = await plan(1200);
    const filesBefore = await listFiles(path.join(t.dataDir, "files"));
    await setUsedBytes(t, ws, 2 * MB - png.length + 1);
    const { res } = await uploadDrawing(owner.accessToken, project.id, png);
    expectError(res, 413);
    expect(res.json().message).toContain("Your workspace has used its 2 MB of storage.");
    expect(res.json().message).toContain("nothing was saved");
    expect(await listFiles(path.join(t.dataDir, "files"))).toEqual(filesBefore);
    expect(await t.ctx.db.selectFrom("sheets").select("id").where("workspace_id", "=", ws).execute()).toEqual([]);
    expect(await usedBytes(t, ws)).toBe(2 * MB - png.length + 1);

    // The upload fits, its rendered files do not: the revision fails with a sentence, no tiles kept.
    await setUsedBytes(t, ws, 2 * MB - png.length);
    const fits = await uploadDrawing(owner.accessToken, project.id, png);
    expect(fits.res.statusCode, fits.res.body).toBe(201);
    expect(fits.sheet?.status).toBe("failed");
    expect(fits.sheet?.failureReason).toContain("storage is full");
    expect(await usedBytes(t, ws)).toBe(2 * MB);
    const source = await t.ctx.db
      .selectFrom("sheet_revisions")
      .select("source_key")
      .where("workspace_id", "=", ws)
      .executeTakeFirstOrThrow();
    expect(await listFiles(path.join(t.dataDir, "files"))).toEqual([...filesBefore, source.source_key].sort());
  }, 120_000);
});

describe.each(DIALECTS)("write limits per account and per workspace (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      WRITE_ITEMS_PER_MINUTE: "5",
      WRITE_MB_PER_MINUTE: "1",
      WORKSPACE_WRITE_ITEMS_PER_MINUTE: "8",
      WORKSPACE_WRITE_MB_PER_MINUTE: "100",
      DEMO_WRITE_ITEMS_PER_MINUTE: "2",
    });
  });
  afterAll(() => t.close());

  const create = (token: string, projectId: string, text = "📷 Photo 1 - Core B: cracked tile") =>
    t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      payload: { projectId, priority: "high", description: text },
    });
  const syncItems = (projectId: string, n: number, label: string) =>
    Array.from({ length: n }, (_, i) => ({
      tempId: `${label}-${i}`,
      action: "create",
      resource: "snagging",
      data: { projectId, priority: "high", description: `📷 Photo 1 - Core B: ${label} ${i}` },
    }));

  it("answers 429 with Retry-After and a sentence past an account's items, changing nothing, while others write on", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const otherProject = await createProject(t, other.accessToken);
    for (let i = 0; i < 5; i += 1) expect((await create(owner.accessToken, project.id)).statusCode).toBe(201);
    const before = await snagState(t);
    const refused = await create(owner.accessToken, project.id);
    expectError(refused, 429);
    expect(refused.json().message).toContain("You have saved a lot of changes in the last minute.");
    expect(refused.json().message).toContain("nothing was saved");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await snagState(t)).toEqual(before);
    // Edits count too.
    const report = (
      await t.ctx.db
        .selectFrom("snagging_reports")
        .select("id")
        .where("project_id", "=", project.id)
        .executeTakeFirstOrThrow()
    ).id;
    const patch = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report}`,
      token: owner.accessToken,
      payload: { status: "closed" },
    });
    expect(patch.statusCode).toBe(429);
    // Another workspace is not affected.
    expect((await create(other.accessToken, otherProject.id)).statusCode).toBe(201);
    // Reads are not writes.
    expect((await t.request({ method: "GET", url: "/api/snagging", token: owner.accessToken })).statusCode).toBe(200);
  });

  it("refuses a caller refused moments ago again without a database query; a signed-out session still gets 401", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    for (let i = 0; i < 5; i += 1) expect((await create(owner.accessToken, project.id)).statusCode).toBe(201);
    // The first refusal is the counter's (the guard loads the user); the ones after it are the guard's.
    expectError(await create(owner.accessToken, project.id), 429);
    const before = await snagState(t);
    const queries = countQueries();
    let again: Awaited<ReturnType<typeof create>>;
    try {
      again = await create(owner.accessToken, project.id);
    } finally {
      queries.stop();
    }
    expectError(again, 429);
    expect(again.json().message).toContain("nothing was saved");
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(queries.statements).toEqual([]);
    expect(await snagState(t)).toEqual(before);
    // Reads still load the user, and the session check still runs first: signed out, a refused
    // write answers 401, not 429.
    const reads = countQueries();
    try {
      expect((await t.request({ method: "GET", url: "/api/projects", token: owner.accessToken })).statusCode).toBe(200);
    } finally {
      reads.stop();
    }
    expect(reads.count).toBeGreaterThan(0);
    const logout = await t.request({ method: "POST", url: "/api/auth/logout", token: owner.accessToken });
    expect(logout.statusCode).toBe(204);
    expectError(await create(owner.accessToken, project.id), 401);
  });

  it("charges comment posts and edits against the account's items", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const report = await create(owner.accessToken, project.id);
    expect(report.statusCode, report.body).toBe(201);
    const reportId = report.json().report.id as string;
    const statuses: number[] = [];
    let commentId = "";
    for (let i = 0; i < 6; i++) {
      const res =
        i % 2 === 0 || commentId === ""
          ? await t.request({
              method: "POST",
              url: `/api/snagging/${reportId}/comments`,
              token: owner.accessToken,
              payload: { body: `Comment ${i}` },
            })
          : await t.request({
              method: "PATCH",
              url: `/api/comments/${commentId}`,
              token: owner.accessToken,
              payload: { body: `Edited ${i}` },
            });
      if (res.statusCode === 201) commentId = res.json().comment.id;
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    const posted = statuses.filter((s) => s === 201).length;
    const stored = await t.ctx.db
      .selectFrom("report_comments")
      .select("id")
      .where("report_id", "=", reportId)
      .execute();
    expect(stored.length).toBe(posted);
  });

  it("counts a workspace's members together", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const memberId = await insertMember(t, owner.user.workspaceId);
    const member = await issueTokens(t.ctx, memberId);
    for (let i = 0; i < 5; i += 1) expect((await create(owner.accessToken, project.id)).statusCode).toBe(201);
    expect((await create(owner.accessToken, project.id)).statusCode).toBe(429);
    // The member has an account budget left, but the workspace has 3 of 8 left.
    for (let i = 0; i < 3; i += 1) expect((await create(member.accessToken, project.id)).statusCode).toBe(201);
    const refused = await create(member.accessToken, project.id);
    expectError(refused, 429);
    expect(refused.json().message).toContain("Your workspace has saved a lot of changes in the last minute.");
  });

  it("charges a sync batch's items and refuses a batch past the budget whole, applying none of it", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const first = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: { items: syncItems(project.id, 4, "a") },
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await snagState(t);
    const second = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: { items: syncItems(project.id, 3, "b") },
    });
    expectError(second, 429);
    expect(await snagState(t)).toEqual(before);
    const ledger = await t.ctx.db
      .selectFrom("sync_applied")
      .select("temp_id")
      .where("user_id", "=", owner.user.id)
      .execute();
    expect(ledger).toHaveLength(4);
  });

  it("counts bytes: a large body passes alone in a fresh minute, the next one waits", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const big = "x".repeat(600 * 1024);
    const items = [
      {
        ...syncItems(project.id, 1, "big")[0],
        data: {
          projectId: project.id,
          priority: "low",
          description: `📷 Photo 1 - Wall: ${big.slice(0, 10)}`,
          pageUrl: undefined,
        },
        padding: big,
      },
    ];
    const first = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: { items },
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: { items: [{ ...items[0], tempId: "big-2" }] },
    });
    expectError(again, 429);
  });

  it("gives demo sandboxes a tighter budget", async () => {
    const demo = await demoLogin(t);
    const project = (await t.request({ method: "GET", url: "/api/projects", token: demo.accessToken })).json()
      .projects[0];
    expect((await create(demo.accessToken, project.id)).statusCode).toBe(201);
    expect((await create(demo.accessToken, project.id)).statusCode).toBe(201);
    expect((await create(demo.accessToken, project.id)).statusCode).toBe(429);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("write limits shared through Redis", () => {
  let t: TestApp;
  const prefix = `t22a-${Math.random().toString(36).slice(2, 8)}:`;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: prefix,
      WRITE_ITEMS_PER_MINUTE: "4",
    });
  });
  afterAll(async () => {
    const keys = await t.ctx.redis?.client.keys(`${prefix}*`);
    if (keys?.length) await t.ctx.redis?.client.del(...keys);
    await t.close();
  });

  it("counts writes made through one instance against another's budget", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const user = await t.ctx.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 4; i += 1) {
      const res = await t.request({
        method: "POST",
        url: "/api/snagging",
        token: owner.accessToken,
        payload: { projectId: project.id, priority: "high", description: "📷 Photo 1 - Core: crack" },
      });
      expect(res.statusCode).toBe(201);
    }
    // A second instance: its own memory, the same Redis.
    const other = new WriteLimits({ config: t.ctx.config, db: t.ctx.db, redis: t.ctx.redis });
    await expect(other.charge(user, { items: 1, bytes: 10 })).rejects.toMatchObject({ statusCode: 429 });
    // Without the shared store, a second instance would not have known.
    const alone = new WriteLimits({ config: t.ctx.config, db: t.ctx.db, redis: undefined });
    await expect(alone.charge(user, { items: 1, bytes: 10 })).resolves.toBeUndefined();
  });
});

describe.each(DIALECTS)("the platform admin's storage quota for one workspace (%s)", (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { STORAGE_QUOTA_MB: "2", LOG_LEVEL: "info" },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  const setQuota = (token: string, workspaceId: string, payload: object) =>
    t.request({ method: "PATCH", url: `/api/admin/workspaces/${workspaceId}/storage-quota`, token, payload });
  const listed = async (token: string, userId: string) =>
    ((await t.request({ method: "GET", url: "/api/users?pageSize=100", token })).json().users as AdminUser[]).find(
      (u) => u.id === userId,
    );

  it("overrides the quota (refusals and the list follow it), goes back to the default on null, and is logged", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const project = await createProject(t, owner.accessToken);
    const admin = await signInAdmin(t);
    await setUsedBytes(t, ws, 2 * MB - 1000);

    const raised = await setQuota(admin.accessToken, ws, { quotaMb: 50 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().workspace).toEqual({
      workspaceId: ws,
      usedBytes: 2 * MB - 1000,
      quotaBytes: 50 * MB,
      isDefault: false,
    });
    expect((await listed(admin.accessToken, owner.user.id))?.workspaceStorageQuotaBytes).toBe(50 * MB);
    expect((await createWithPhotos(t, owner.accessToken, project.id, 1)).statusCode).toBe(201);
    expect(lines.join("")).toContain('"msg":"workspace storage quota changed by the platform admin"');
    expect(lines.join("")).toContain(`"workspaceId":"${ws}","fromBytes":${2 * MB},"toBytes":${50 * MB}`);

    // Lowered below what is stored: nothing is deleted, new files are refused with the new figure.
    const lowered = await setQuota(admin.accessToken, ws, { quotaMb: 1 });
    expect(lowered.statusCode).toBe(200);
    const refused = await createWithPhotos(t, owner.accessToken, project.id, 1, 7);
    expectError(refused, 413);
    expect(refused.json().message).toContain("Your workspace has used its 1 MB of storage.");

    const reset = await setQuota(admin.accessToken, ws, { quotaMb: null });
    expect(reset.json().workspace).toMatchObject({ quotaBytes: 2 * MB, isDefault: true });
    expect((await listed(admin.accessToken, owner.user.id))?.workspaceStorageQuotaBytes).toBe(2 * MB);

    // The users CSV carries each workspace's storage and quota.
    const csv = await t.request({ method: "GET", url: "/api/admin/export/users.csv", token: admin.accessToken });
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.id === owner.user.id);
    expect(row?.workspace_storage_bytes).toBe(String(await usedBytes(t, ws)));
    expect(row?.workspace_storage_quota_bytes).toBe(String(2 * MB));
  });

  it("refuses bad figures with a sentence, members with 403 and unknown workspaces with 404, changing nothing", async () => {
    const owner = await signUp(t);
    const ws = owner.user.workspaceId;
    const admin = await signInAdmin(t);
    for (const payload of [
      { quotaMb: 0 },
      { quotaMb: 1.5 },
      { quotaMb: -3 },
      { quotaMb: "10" },
      { quotaMb: 2_000_000 },
      {},
      { quotaMb: 10, extra: true },
    ]) {
      const res = await setQuota(admin.accessToken, ws, payload);
      expectError(res, 400);
    }
    expect((await setQuota(admin.accessToken, ws, { quotaMb: 0 })).json().message).toBeTruthy();
    expectError(await setQuota(owner.accessToken, ws, { quotaMb: 100 }), 403);
    expectError(await setQuota(admin.accessToken, "01a2129d-0000-7000-8000-000000000000", { quotaMb: 5 }), 404);
    expectError(await setQuota(admin.accessToken, "not-an-id", { quotaMb: 5 }), 404);
    const stored = await t.ctx.db
      .selectFrom("workspaces")
      .select("storage_quota_bytes")
      .where("id", "=", ws)
      .executeTakeFirstOrThrow();
    expect(stored.storage_quota_bytes).toBeNull();
  });
});
