// GET /files/<key> over both storages: disk (DATA_DIR/files) and S3 (s3rver on loopback).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Report } from "@sitesnag/shared/snagging";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRange } from "../src/files/files.routes";
import { S3Storage } from "../src/storage/s3-storage";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

let folder: string;
let s3: S3rver;
let s3Env: Record<string, string>;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sitesnag-files-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: "files-test" }],
  });
  const { port } = await s3.run();
  s3Env = {
    S3_BUCKET: "files-test",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(["disk", "s3"] as const)("GET /files/* (%s storage)", (storage) => {
  let t: TestApp;
  let report: Report;
  let bytes: Buffer;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp("sqlite", storage === "s3" ? s3Env : {});
    if (storage === "s3") expect(t.ctx.storage).toBeInstanceOf(S3Storage);
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const body = await multipart({ projectId: project.id, priority: "low" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    expect(res.statusCode, res.body).toBe(201);
    report = (res.json() as { report: Report }).report;
    url = report.attachments[0]?.file_path as string;
    bytes = (await t.request({ method: "GET", url })).rawPayload;
  });
  afterAll(() => t.close());

  it("serves the file with its type, nosniff, a private immutable cache lifetime and an ETag, without a token", async () => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "content-type": "image/jpeg",
      "x-content-type-options": "nosniff",
      // private: no shared cache keeps serving a photo after its report is deleted.
      "cache-control": "private, max-age=31536000, immutable",
      "accept-ranges": "bytes",
      "content-length": String(bytes.length),
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.length).toBe(report.attachments[0]?.size_bytes);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await t.request({ method: "HEAD", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(bytes.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it("answers 304 for a matching If-None-Match", async () => {
    const { etag } = (await t.request({ method: "GET", url })).headers;
    const res = await t.request({ method: "GET", url, headers: { "if-none-match": String(etag) } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
  });

  it("serves byte ranges: explicit, open-ended and suffix; 416 beyond the end", async () => {
    const part = await t.request({ method: "GET", url, headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload).toEqual(bytes.subarray(0, 100));
    const tail = await t.request({ method: "GET", url, headers: { range: "bytes=-10" } });
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 10));
    const open = await t.request({ method: "GET", url, headers: { range: `bytes=${bytes.length - 5}-` } });
    expect(open.rawPayload).toEqual(bytes.subarray(bytes.length - 5));
    const beyond = await t.request({ method: "GET", url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${bytes.length}`);
  });

  it("answers 404 for a missing key and for keys that are not ours", async () => {
    for (const bad of [
      "/files/photos/00000000000000000000000000000000.jpg",
      "/files/../package.json",
      "/files/..%2F..%2Fetc%2Fpasswd",
      "/files/photos/",
      "/files/",
      `/files/${"a".repeat(400)}.jpg`,
    ]) {
      const res = await t.request({ method: "GET", url: bad });
      expect(res.statusCode, bad).toBe(404);
    }
    expectError(await t.request({ method: "GET", url: "/files/photos/00000000000000000000000000000000.jpg" }), 404);
  });

  it("stops serving a report's files once the report is deleted", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const body = await multipart({ projectId: project.id, priority: "low" }, [
      { name: "b.jpg", data: await jpegPhoto() },
    ]);
    const created = (
      (await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body })).json() as {
        report: Report;
      }
    ).report;
    const file = created.attachments[0]?.file_path as string;
    expect((await t.request({ method: "GET", url: file })).statusCode).toBe(200);
    await t.request({ method: "DELETE", url: `/api/snagging/${created.id}`, token: owner.accessToken });
    expect((await t.request({ method: "GET", url: file })).statusCode).toBe(404);
  });
});

describe("parseRange", () => {
  it.each([
    [undefined, null],
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=5-", { start: 5, end: 9 }],
    ["bytes=-3", { start: 7, end: 9 }],
    ["bytes=-30", { start: 0, end: 9 }],
    ["bytes=2-100", { start: 2, end: 9 }],
    ["bytes=10-", "unsatisfiable"],
    ["bytes=5-2", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=-", null],
    ["bytes=0-1,3-4", null],
    ["items=0-1", null],
  ])("%s of 10 bytes → %o", (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });
});
