// PUT/HEAD /api/uploads/{sha256} and reports that name photos by hash (issue 28, decision 0025),
// on SQLite and PostgreSQL, through HTTP: whole and resumable uploads, the hash check, limits,
// workspace scoping, collection after 24 hours, and resumes after real connection cuts.
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Report } from "@sitesnag/shared/snagging";
import type { SyncResponse } from "@sitesnag/shared/sync";
import { contentRange } from "@sitesnag/shared/uploads";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectUploads } from "../src/uploads/uploads.gc";
import { pendingUploadBytes } from "../src/uploads/uploads.repository";
import { PART_BYTES } from "../src/uploads/uploads.service";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";
import { TcpProxy } from "./tcp-proxy";
import { sendPiece, sha256Of, uploadOffset, uploadResumably } from "./upload-client";

/** A JPEG of random noise: about `side`² × 0.9 bytes, incompressible like a real photo. */
async function noisyJpeg(side: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe.each(DIALECTS)("uploads (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let projectId: string;
  let otherProjectId: string;
  let seed = 100;
  const photo = async () => jpegPhoto({ seed: ++seed, width: 320, height: 240 });

  const put = (sha: string, payload: Buffer, headers: Record<string, string> = {}, as = token) =>
    t.request({
      method: "PUT",
      url: `/api/uploads/${sha}`,
      token: as,
      payload,
      headers: { "content-type": "application/octet-stream", ...headers },
    });
  const head = (sha: string, as = token) => t.request({ method: "HEAD", url: `/api/uploads/${sha}`, token: as });
  const uploadFiles = async () =>
    (await listFiles(path.join(t.dataDir, "files"))).filter((f) => f.startsWith("uploads/"));
  const createByHash = (hashes: string[], extra: Record<string, unknown> = {}, as = token, project = projectId) =>
    t.request({
      method: "POST",
      url: "/api/snagging",
      token: as,
      payload: { projectId: project, priority: "high", description: "Cracked tile", photoHashes: hashes, ...extra },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await signUp(t);
    token = owner.accessToken;
    projectId = (await createProject(t, token)).id;
    const other = await signUp(t);
    otherToken = other.accessToken;
    otherProjectId = (await createProject(t, otherToken)).id;
  });
  afterAll(async () => t.close());

  it("stores a photo once: 201, then 200 for the same bytes; HEAD says it is held", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    expect((await head(sha)).statusCode).toBe(404);
    const first = await put(sha, bytes);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ upload: { sha256: sha, sizeBytes: bytes.length } });
    const again = await put(sha, bytes);
    expect(again.statusCode).toBe(200);
    const held = await head(sha);
    expect(held.statusCode).toBe(200);
    expect(held.headers["upload-length"]).toBe(String(bytes.length));
    const rows = await t.ctx.db.selectFrom("uploads").selectAll().where("sha256", "=", sha).execute();
    expect(rows).toHaveLength(1);
    // One file for both PUTs, and /files/ never serves a raw upload.
    const files = (await uploadFiles()).filter((f) => f === rows[0]?.storage_key);
    expect(files).toHaveLength(1);
    expect((await t.request({ method: "GET", url: `/files/${rows[0]?.storage_key}` })).statusCode).toBe(404);
  });

  it("asks for a sign-in before anything else", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    expectError(await t.request({ method: "PUT", url: `/api/uploads/${sha}`, payload: bytes }), 401);
    expectError(await t.request({ method: "PUT", url: "/api/uploads/nope", payload: bytes }), 401);
    expect((await t.request({ method: "HEAD", url: `/api/uploads/${sha}` })).statusCode).toBe(401);
  });

  it("refuses bytes that do not match their hash, and stores nothing", async () => {
    const bytes = await photo();
    const wrong = sha256Of(Buffer.concat([bytes, Buffer.from("x")]));
    const before = await uploadFiles();
    expectError(await put(wrong, bytes), 400);
    expect((await head(wrong)).statusCode).toBe(404);
    expect(await uploadFiles()).toEqual(before);
    // The same through a resumable PUT: the pieces are dropped too.
    expectError(await put(wrong, bytes, { "content-range": contentRange(0, bytes.length - 1, bytes.length) }), 400);
    const state = await head(wrong);
    expect(state.statusCode).toBe(404);
    expect(state.headers["upload-offset"]).toBe("0");
    expect(await countRows(t, "upload_parts")).toBe(0);
  });

  it("answers bad addresses, bodies and ranges with a clear 4xx", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    expectError(await put("not-a-hash", bytes), 400);
    expectError(await put(sha.toUpperCase(), bytes), 400);
    expect((await head("not-a-hash")).statusCode).toBe(404);
    expectError(await put(sha, Buffer.alloc(0)), 400);
    const text = Buffer.from("just some text, not a photo at all");
    expectError(await put(sha256Of(text), text), 415);
    for (const range of ["bytes=0-1/2", "bytes 5-2/10", "bytes 0-10/10", "bytes 0-0/0", "items 0-1/2"]) {
      expectError(await put(sha, bytes, { "content-range": range }), 400);
    }
    const huge = 15 * 1024 * 1024 + 1;
    const over = await put(sha, bytes.subarray(0, 10), { "content-range": contentRange(0, 9, huge) });
    expectError(over, 413);
    expectError(await put(sha, bytes, { "content-encoding": "gzip" }), 415);
    // A body longer than its range is refused; nothing beyond the range is kept.
    expectError(await put(sha, bytes, { "content-range": contentRange(0, 99, bytes.length) }), 400);
    expect((await head(sha)).statusCode).toBe(404);
    expect(await countRows(t, "upload_parts")).toBe(0);
  });

  it("refuses an upload into a workspace whose storage is full, storing nothing", async () => {
    const full = await signUp(t);
    await t.ctx.db
      .updateTable("workspaces")
      .set({ storage_bytes: t.ctx.config.quotas.storageBytes - 100 })
      .where("id", "=", full.user.workspaceId)
      .execute();
    const bytes = await photo();
    const sha = sha256Of(bytes);
    const whole = await put(sha, bytes, {}, full.accessToken);
    expectError(whole, 413);
    expect((whole.json() as { message: string }).message).toContain("storage");
    const piece = await put(
      sha,
      bytes,
      { "content-range": contentRange(0, bytes.length - 1, bytes.length) },
      full.accessToken,
    );
    expectError(piece, 413);
    expect((await head(sha, full.accessToken)).statusCode).toBe(404);
    expect(await countRows(t, "upload_parts")).toBe(0);
  });

  it("counts uploads no report has used, and unfinished pieces, against a small quota (issue 34)", async () => {
    const small = await signUp(t);
    const quota = 1024 * 1024;
    await t.ctx.db
      .updateTable("workspaces")
      .set({ storage_quota_bytes: quota })
      .where("id", "=", small.user.workspaceId)
      .execute();
    const held = async () => pendingUploadBytes(t.ctx.db, small.user.workspaceId);
    // Whole photos of ~200 kB each: five fit in 1 MiB, the rest are refused with the quota's sentence.
    const statuses: number[] = [];
    const hashes: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const bytes = await noisyJpeg(470, 40 + i);
      const res = await put(sha256Of(bytes), bytes, {}, small.accessToken);
      statuses.push(res.statusCode);
      if (res.statusCode === 201) hashes.push(sha256Of(bytes));
      else expect((res.json() as { message: string }).message).toContain("storage");
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    expect(statuses).toContain(413);
    expect(await held()).toBeLessThanOrEqual(quota);
    // Unfinished pieces count too: first halves of more photos are refused past the quota, and none is kept.
    const before = await held();
    for (let i = 0; i < 4; i += 1) {
      const bytes = await noisyJpeg(470, 60 + i);
      const half = Math.floor(bytes.length / 2);
      const piece = await put(
        sha256Of(bytes),
        bytes.subarray(0, half),
        { "content-range": contentRange(0, half - 1, bytes.length) },
        small.accessToken,
      );
      expectError(piece, 413);
    }
    expect(await held()).toBe(before);
    // Once a report has named an upload, its copies are charged instead and it no longer counts as pending.
    const smallProject = (await createProject(t, small.accessToken)).id;
    const [first] = hashes;
    const created = await createByHash([first as string], {}, small.accessToken, smallProject);
    expect(created.statusCode, created.body).toBe(201);
    expect(await held()).toBeLessThan(before);
    const fresh = await noisyJpeg(200, 70);
    expect((await put(sha256Of(fresh), fresh, {}, small.accessToken)).statusCode).toBe(201);
  });

  it("keeps a small workspace's pending uploads within its quota when many pieces arrive at once", async () => {
    const small = await signUp(t);
    const quota = 1024 * 1024;
    await t.ctx.db
      .updateTable("workspaces")
      .set({ storage_quota_bytes: quota })
      .where("id", "=", small.user.workspaceId)
      .execute();
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => noisyJpeg(470, 80 + i)));
    const answers = await Promise.all(
      photos.map((bytes) =>
        put(
          sha256Of(bytes),
          bytes,
          { "content-range": contentRange(0, bytes.length - 1, bytes.length) },
          small.accessToken,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toContain(413);
    expect(await pendingUploadBytes(t.ctx.db, small.user.workspaceId)).toBeLessThanOrEqual(quota);
  });

  it("refuses a whole body over the limit with 413", async () => {
    const big = Buffer.alloc(15 * 1024 * 1024 + 10, 1);
    expectError(await put(sha256Of(big), big), 413);
    expect(await countRows(t, "upload_parts")).toBe(0);
  });

  it("resumes with Content-Range: 202 with the offset, 409 for a wrong one, 201 at the end", async () => {
    const bytes = await noisyJpeg(500, 1);
    const sha = sha256Of(bytes);
    const half = Math.floor(bytes.length / 2);
    const first = await put(sha, bytes.subarray(0, half), { "content-range": contentRange(0, half - 1, bytes.length) });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers["upload-offset"]).toBe(String(half));
    const state = await head(sha);
    expect(state.statusCode).toBe(404);
    expect(state.headers["upload-offset"]).toBe(String(half));
    // Not where the server is: 409 saying where it is, nothing changed.
    const wrong = await put(sha, bytes.subarray(10), {
      "content-range": contentRange(10, bytes.length - 1, bytes.length),
    });
    expectError(wrong, 409);
    expect(wrong.headers["upload-offset"]).toBe(String(half));
    const otherTotal = await put(sha, bytes.subarray(half), {
      "content-range": contentRange(half, bytes.length, bytes.length + 1),
    });
    expectError(otherTotal, 409);
    const rest = await put(sha, bytes.subarray(half), {
      "content-range": contentRange(half, bytes.length - 1, bytes.length),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await head(sha)).statusCode).toBe(200);
    expect(await countRows(t, "upload_parts")).toBe(0);
    // A resumable PUT of a photo already held answers 200 at once.
    const repeat = await put(sha, bytes, { "content-range": contentRange(0, bytes.length - 1, bytes.length) });
    expect(repeat.statusCode).toBe(200);
  });

  it("completes an upload whose last byte arrived on a request that then died (a restart)", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    const half = Math.floor(bytes.length / 2);
    expect(
      (await put(sha, bytes.subarray(0, half), { "content-range": contentRange(0, half - 1, bytes.length) }))
        .statusCode,
    ).toBe(202);
    // The rest as the pieces a dead process wrote before completing: in the database, no upload row.
    const workspaceId = (
      await t.ctx.db
        .selectFrom("upload_parts")
        .select("workspace_id")
        .where("sha256", "=", sha)
        .executeTakeFirstOrThrow()
    ).workspace_id;
    await t.ctx.db
      .insertInto("upload_parts")
      .values({
        workspace_id: workspaceId,
        sha256: sha,
        total_bytes: bytes.length,
        start: half,
        size_bytes: bytes.length - half,
        data: bytes.subarray(half),
        created_at: Math.floor(Date.now() / 1000),
      })
      .execute();
    const state = await head(sha);
    expect(state.statusCode).toBe(200);
    expect(state.headers["upload-length"]).toBe(String(bytes.length));
    expect(await countRows(t, "upload_parts")).toBe(0);
    expect((await createByHash([sha])).statusCode).toBe(201);
  });

  it("a whole-body PUT always works, even over an unfinished resumable upload", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    await put(sha, bytes.subarray(0, 100), { "content-range": contentRange(0, 99, bytes.length) });
    expect((await put(sha, bytes)).statusCode).toBe(201);
    expect(await countRows(t, "upload_parts")).toBe(0);
  });

  it("keeps uploads to the workspace: another workspace's hash is unknown there", async () => {
    const bytes = await photo();
    const sha = sha256Of(bytes);
    expect((await put(sha, bytes)).statusCode).toBe(201);
    const elsewhere = await head(sha, otherToken);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.headers["upload-offset"]).toBe("0");
    const refused = await createByHash([sha], {}, otherToken, otherProjectId);
    expectError(refused, 409);
    expect((refused.json() as { details: Record<string, string[]> }).details.photoHashes?.[0]).toContain(sha);
    // The same bytes uploaded by the other workspace are its own (201, a separate row).
    expect((await put(sha, bytes, {}, otherToken)).statusCode).toBe(201);
    expect((await createByHash([sha], {}, otherToken, otherProjectId)).statusCode).toBe(201);
    expect((await head("0".repeat(64), otherToken)).statusCode).toBe(404);
  });

  it("creates a report from hashes in one small request, photos in order, replayable by key", async () => {
    // Different widths, so the attachments' order shows the order the hashes were listed in.
    const photos = [
      await jpegPhoto({ width: 330, height: 200, seed: 1 }),
      await jpegPhoto({ width: 310, height: 200, seed: 2 }),
      await jpegPhoto({ width: 320, height: 200, seed: 3 }),
    ];
    const hashes = photos.map(sha256Of);
    for (const [i, bytes] of photos.entries()) expect((await put(hashes[i] as string, bytes)).statusCode).toBe(201);
    const reportsBefore = await countRows(t, "snagging_reports");
    const key = `create-by-hash-${Math.random()}`;
    const res = await createByHash(hashes, {}, token, projectId);
    expect(res.statusCode, res.body).toBe(201);
    const report = (res.json() as { report: Report }).report;
    expect(report.attachments.map((a) => a.original_name)).toEqual(["photo-1.jpg", "photo-2.jpg", "photo-3.jpg"]);
    expect(report.attachments.map((a) => a.width)).toEqual([330, 310, 320]);
    for (const a of report.attachments) {
      const file = await t.request({ method: "GET", url: a.file_path });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/jpeg");
    }
    const keyed = async () =>
      t.request({
        method: "POST",
        url: "/api/snagging",
        token,
        headers: { "idempotency-key": key },
        payload: { projectId, priority: "low", photoHashes: [hashes[2], hashes[0]] },
      });
    const a = await keyed();
    const b = await keyed();
    expect(a.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect((b.json() as { report: Report }).report.id).toBe((a.json() as { report: Report }).report.id);
    expect((a.json() as { report: Report }).report.attachments.map((x) => x.width)).toEqual([320, 330]);
    expect(await countRows(t, "snagging_reports")).toBe(reportsBefore + 2);
  });

  it("refuses a report naming a hash never uploaded, creating nothing", async () => {
    const before = await countRows(t, "snagging_reports");
    const unknown = sha256Of(Buffer.from("never uploaded"));
    const res = await createByHash([unknown]);
    expectError(res, 409);
    expect(await countRows(t, "snagging_reports")).toBe(before);
    expectError(await createByHash(["nope"]), 400);
    const known = sha256Of(await photo());
    expectError(await createByHash([known, known]), 400);
  });

  it("adds photos by hash on PATCH and through a sync item, exactly once", async () => {
    const [p1, p2, p3] = [await photo(), await photo(), await photo()];
    for (const bytes of [p1, p2, p3]) expect((await put(sha256Of(bytes), bytes)).statusCode).toBe(201);
    const created = (await createByHash([sha256Of(p1)])).json() as { report: Report };
    const patched = await t.request({
      method: "PATCH",
      url: `/api/snagging/${created.report.id}`,
      token,
      payload: { description: "Two photos", photoHashes: [sha256Of(p2)] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as { report: Report }).report.attachments).toHaveLength(2);

    const tempId = `offline-${Math.random().toString(36).slice(2)}`;
    const items = [
      {
        tempId,
        action: "create",
        resource: "snagging",
        data: { projectId, priority: "medium", photoHashes: [sha256Of(p3), sha256Of(p1)] },
      },
      {
        tempId: `${tempId}-edit`,
        action: "update",
        resource: "snagging",
        data: { reportId: tempId, photoHashes: [sha256Of(p2)] },
      },
    ];
    const before = await countRows(t, "attachments");
    for (let i = 0; i < 2; i += 1) {
      const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, payload: { items } });
      const results = (res.json() as SyncResponse).data.results;
      expect(results.map((r) => r.success)).toEqual([true, true]);
    }
    expect(await countRows(t, "attachments")).toBe(before + 3);
    const bad = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token,
      payload: {
        items: [
          {
            tempId: `${tempId}-s`,
            action: "status",
            resource: "snagging",
            data: { reportId: tempId, status: "closed", photoHashes: [sha256Of(p2)] },
          },
        ],
      },
    });
    expect((bad.json() as SyncResponse).data.results[0]).toMatchObject({ success: false, statusCode: 400 });
  });

  it("recognises a form upload whose answer was lost when the queue sends it again by hash", async () => {
    const bytes = await photo();
    const tempId = `form-then-queue-${Math.random().toString(36).slice(2)}`;
    const fields = { projectId, priority: "high", description: "Lost answer" };
    const form = await multipart(fields, [{ name: "IMG_0001.jpg", data: bytes }]);
    const first = await t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      ...form,
      headers: { ...form.headers, "idempotency-key": tempId },
    });
    expect(first.statusCode).toBe(201);
    expect((await put(sha256Of(bytes), bytes)).statusCode).toBe(201);
    const item = {
      tempId,
      action: "create",
      resource: "snagging",
      data: { ...fields, photoHashes: [sha256Of(bytes)] },
    };
    const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, payload: { items: [item] } });
    const [result] = (res.json() as SyncResponse).data.results;
    expect(result).toMatchObject({ success: true, id: (first.json() as { report: Report }).report.id });
    // Other photos under the same key are a different request.
    const other = await photo();
    await put(sha256Of(other), other);
    const conflict = await t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      headers: { "idempotency-key": tempId },
      payload: { ...fields, photoHashes: [sha256Of(other)] },
    });
    expectError(conflict, 409, "This Idempotency-Key was already used for a different request.");
  });

  it("keeps the old multipart create working", async () => {
    const form = await multipart({ projectId, priority: "high" }, [{ name: "site.jpg", data: await photo() }]);
    const res = await t.request({ method: "POST", url: "/api/snagging", token, ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { report: Report }).report.attachments[0]?.original_name).toBe("site.jpg");
    const mixed = await multipart({ projectId, priority: "high", photoHashes: "x" });
    expectError(await t.request({ method: "POST", url: "/api/snagging", token, ...mixed }), 400);
  });

  it("removes uploads 24 hours after their last use, and unfinished ones; reports keep their photos", async () => {
    const used = await photo();
    const unused = await photo();
    const partial = await photo();
    for (const bytes of [used, unused]) expect((await put(sha256Of(bytes), bytes)).statusCode).toBe(201);
    await put(sha256Of(partial), partial.subarray(0, 50), { "content-range": contentRange(0, 49, partial.length) });
    const report = ((await createByHash([sha256Of(used)])).json() as { report: Report }).report;
    const now = Math.floor(Date.now() / 1000);
    const early = await collectUploads(t.ctx, now + 23 * 3600);
    expect(early).toEqual({ uploads: 0, unfinished: 0 });
    expect((await head(sha256Of(unused))).statusCode).toBe(200);
    const filesBefore = await uploadFiles();
    const late = await collectUploads(t.ctx, now + 25 * 3600);
    expect(late.uploads).toBeGreaterThanOrEqual(2);
    expect(late.unfinished).toBeGreaterThanOrEqual(1);
    for (const bytes of [used, unused]) expect((await head(sha256Of(bytes))).statusCode).toBe(404);
    expect((await head(sha256Of(partial))).headers["upload-offset"]).toBe("0");
    expect(await countRows(t, "uploads")).toBe(0);
    expect(await uploadFiles()).toEqual([]);
    expect(filesBefore.length).toBeGreaterThan(0);
    // The report's own copy stays; naming the removed hash again answers as unknown.
    expect((await t.request({ method: "GET", url: report.attachments[0]?.file_path as string })).statusCode).toBe(200);
    expectError(await createByHash([sha256Of(used)]), 409);
  });

  describe("through a connection that is cut mid-upload", () => {
    let proxy: TcpProxy;
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      port = (t.app.server.address() as AddressInfo).port;
      proxy = await TcpProxy.start({ host: "127.0.0.1", port });
    });
    afterAll(async () => proxy.close());

    it.each([
      ["at the first bytes", 1000],
      ["inside the first piece", PART_BYTES / 2],
      ["just past a piece", PART_BYTES + 17],
      ["near the end", -2000],
    ])("resumes after a cut %s, storing the photo exactly once", async (_label, at) => {
      const bytes = await noisyJpeg(700, at > 0 ? at : 7);
      const sha = sha256Of(bytes);
      const cutAt = at > 0 ? at : bytes.length + at;
      const result = await uploadResumably(port, token, bytes, async (from, n) => {
        if (n > 0) return sendPiece(port, token, bytes, from);
        // The first attempt goes through the proxy, which is cut once cutAt body bytes are written.
        return sendPiece(proxy.port, token, bytes, from, {
          cutAfter: cutAt,
          onWritten: () => {
            const cut = async () => {
              if (cutAt >= PART_BYTES) {
                // The pieces written while the body streamed are in the database before the cut.
                const whole = Math.floor(cutAt / PART_BYTES) * PART_BYTES;
                for (let i = 0; i < 200; i += 1) {
                  const held = await uploadOffset(port, token, sha);
                  if (held === "stored" || held >= whole) break;
                  await new Promise((r) => setTimeout(r, 10));
                }
              }
              await proxy.cut();
              await proxy.restore();
            };
            void cut();
          },
        });
      });
      expect(result.statuses[0]).toBeNull();
      expect(result.statuses.at(-1)).toBe(201);
      // Every resume started at a prefix the server really held, never past the cut.
      for (const offset of result.offsets) expect(offset).toBeLessThanOrEqual(cutAt);
      if (cutAt >= PART_BYTES) expect(Math.max(...result.offsets)).toBeGreaterThanOrEqual(PART_BYTES);
      const rows = await t.ctx.db.selectFrom("uploads").selectAll().where("sha256", "=", sha).execute();
      expect(rows).toHaveLength(1);
      const stored = await t.ctx.storage.get(rows[0]?.storage_key as string);
      const chunks: Buffer[] = [];
      for await (const c of stored ?? []) chunks.push(c as Buffer);
      expect(sha256Of(Buffer.concat(chunks))).toBe(sha);
    });
  });
});
