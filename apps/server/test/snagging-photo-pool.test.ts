// Uploads through the bounded photo pool (PHOTO_WORKERS, decision 0018): the stored photo is the
// processed one, the same bytes as on the calling thread; a full pool answers 503 + Retry-After
// and stores nothing.
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_POOL_BUSY } from "../src/photos/photo-pool";
import { processPhoto } from "../src/photos/photos";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

describe.each(DIALECTS)("photo uploads through the pool (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { PHOTO_WORKERS: "1" });
    token = (await signUp(t)).accessToken;
    projectId = (await createProject(t, token)).id;
  });
  afterAll(() => t.close());

  const upload = async (data: Buffer) => {
    const body = await multipart({ projectId, priority: "low", description: "Pooled" }, [{ name: "p.jpg", data }]);
    return t.request({ method: "POST", url: "/api/snagging", token, payload: body.payload, headers: body.headers });
  };

  it("stores the processed display copy and thumbnail, as the calling thread would make them", async () => {
    const source = await jpegPhoto({ width: 3000, height: 1200, orientation: 6 });
    const res = await upload(source);
    expect(res.statusCode, res.body).toBe(201);
    const [attachment] = (res.json() as { report: Report }).report.attachments;
    if (!attachment?.thumbnail_path) throw new Error("no attachment");
    const expected = await processPhoto(source, "p.jpg");
    expect(attachment).toMatchObject({ sha256: expected.sha256, width: 819, height: 2048 });
    const display = await t.request({ method: "GET", url: attachment.file_path });
    const thumbnail = await t.request({ method: "GET", url: attachment.thumbnail_path });
    expect(display.rawPayload.equals(expected.display)).toBe(true);
    expect(thumbnail.rawPayload.equals(expected.thumbnail)).toBe(true);
    expect((await sharp(display.rawPayload).metadata()).exif).toBeUndefined();
  });

  it("answers 503 with Retry-After and stores nothing while the pool's queue is full", async () => {
    const big = await jpegPhoto({ width: 4000, height: 3000, gps: false });
    const photo = await jpegPhoto();
    const report = await multipart({ projectId, priority: "low", description: "Pooled" }, [
      { name: "p.jpg", data: photo },
    ]);
    const item = { tempId: "t-1", action: "create", resource: "snagging", data: { projectId, priority: "low" } };
    const sync = await multipart(
      { items: JSON.stringify({ items: [{ ...item, photos: ["p1"] }] }) },
      [{ name: "p1.jpg", data: photo }],
      "p1",
    );
    const reports = await countRows(t, "snagging_reports");
    // One photo in the worker and 20 waiting (the queue's bound) keep the pool full: each filler
    // queues its next photo as soon as one is done, so a slow request path (PostgreSQL, a loaded
    // machine) still finds no room when it gets to its photo.
    let filling = true;
    const fill = async (i: number) => {
      while (filling) {
        await t.ctx.photos.process(big, `fill-${i}.jpg`).catch(() => new Promise((r) => setImmediate(r)));
      }
    };
    const fillers = Array.from({ length: 21 }, (_, i) => fill(i));
    const [created, batch] = await Promise.all([
      t.request({ method: "POST", url: "/api/snagging", token, payload: report.payload, headers: report.headers }),
      t.request({ method: "POST", url: "/api/snagging/sync", token, payload: sync.payload, headers: sync.headers }),
    ]);
    expectError(created, 503, PHOTO_POOL_BUSY);
    expect(created.headers["retry-after"]).toBe("5");
    // A full pool is not the photo's fault: the whole sync batch is refused, to be sent again.
    expectError(batch, 503, PHOTO_POOL_BUSY);
    expect(batch.headers["retry-after"]).toBe("5");
    filling = false;
    await Promise.all(fillers);
    expect(await countRows(t, "snagging_reports")).toBe(reports);
    expect((await upload(photo)).statusCode).toBe(201);
  });
});
