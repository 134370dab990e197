// Idempotency-Key on POST /api/snagging (DESIGN §4): a replay answers the same report and creates
// nothing; the same key with another body answers 409; concurrent duplicates create one report.
import path from "node:path";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { type FilePart, jpegPhoto, listFiles, multipart } from "./images";
import { snagState } from "./snagging-state";

describe.each(DIALECTS)("POST /api/snagging with an Idempotency-Key (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    stranger = await signUp(t);
    projectId = (await createProject(t, owner.accessToken)).id;
    photo = await jpegPhoto();
  });
  afterAll(() => t.close());

  const post = async (fields: Record<string, string | string[]>, files: FilePart[] = [], headers = {}) => {
    const body = await multipart(fields, files);
    return t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const base = () => ({ projectId, priority: "high", description: "📷 Photo 1 - Hall: Dent" });
  it("answers a replay with the same report and creates nothing new", async () => {
    const headers = { "idempotency-key": `key-${kind}-1` };
    const first = await post(base(), [{ name: "a.jpg", data: photo }], headers);
    expect(first.statusCode, first.body).toBe(201);
    const before = await snagState(t);
    const replay = await post(base(), [{ name: "a.jpg", data: photo }], headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect(await snagState(t)).toEqual(before);
  });

  it("refuses the same key with a different body: 409, nothing changed", async () => {
    const headers = { "idempotency-key": `key-${kind}-2` };
    expect((await post(base(), [{ name: "a.jpg", data: photo }], headers)).statusCode).toBe(201);
    const before = await snagState(t);
    expectError(
      await post({ ...base(), priority: "low" }, [{ name: "a.jpg", data: photo }], headers),
      409,
      "This Idempotency-Key was already used for a different request.",
    );
    expectError(await post(base(), [{ name: "b.jpg", data: await jpegPhoto({ seed: 9 }) }], headers), 409);
    expect(await snagState(t)).toEqual(before);
  });

  it("keys are per user: another account's key does not collide", async () => {
    const headers = { "idempotency-key": `key-${kind}-3` };
    expect((await post(base(), [], headers)).statusCode).toBe(201);
    const other = await createProject(t, stranger.accessToken);
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: stranger.accessToken,
      headers,
      payload: { projectId: other.id, priority: "low" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("refuses a malformed key: 400", async () => {
    const before = await snagState(t);
    expectError(await post(base(), [], { "idempotency-key": "x".repeat(300) }), 400);
    expect(await snagState(t)).toEqual(before);
  });

  it("concurrent requests with one key create one report", async () => {
    const headers = { "idempotency-key": `key-${kind}-race` };
    const results = await Promise.all([1, 2, 3].map(() => post(base(), [{ name: "a.jpg", data: photo }], headers)));
    const ids = new Set(results.map((r) => (r.json() as { report: Report }).report.id));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(ids.size).toBe(1);
    const files = await listFiles(path.join(t.dataDir, "files"));
    const rows = await t.ctx.db.selectFrom("attachments").select(["storage_key", "thumbnail_key"]).execute();
    expect(files).toEqual(rows.flatMap((r) => [r.storage_key, r.thumbnail_key]).sort());
  });

  it("a key goes with its report: deleting the report or its project removes it", async () => {
    const first = await post(base(), [], { "idempotency-key": `key-${kind}-gone` });
    const { report } = first.json() as { report: Report };
    await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: owner.accessToken });
    const again = await post(base(), [], { "idempotency-key": `key-${kind}-gone` });
    expect(again.statusCode).toBe(201);
    expect((again.json() as { report: Report }).report.id).not.toBe(report.id);

    const project = await createProject(t, owner.accessToken);
    const res = await post({ ...base(), projectId: project.id }, [{ name: "a.jpg", data: photo }], {
      "idempotency-key": `key-${kind}-project`,
    });
    expect(res.statusCode).toBe(201);
    const keysBefore = (await snagState(t)).idempotencyKeys;
    const removed = await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expect(removed.statusCode).toBe(204);
    expect((await snagState(t)).idempotencyKeys).toBe(keysBefore - 1);
  });
});
