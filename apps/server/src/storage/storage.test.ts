// One contract, both implementations: the disk folder and an S3 bucket served by s3rver (a real
// S3-protocol server on loopback). What the app relies on must hold for each.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createStorage } from "./create-storage";
import { DiskStorage } from "./disk-storage";
import type { FileStorage } from "./file-storage";
import { S3Storage } from "./s3-storage";

async function readAll(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

let folder: string;
let s3: S3rver;
let endpoint: string;
const BUCKET = "sitesnag-test";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sitesnag-storage-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

const implementations: [string, () => FileStorage][] = [
  ["disk", () => new DiskStorage(path.join(folder, "disk"))],
  [
    "s3",
    () =>
      new S3Storage({
        bucket: BUCKET,
        region: "us-east-1",
        endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

describe.each(implementations)("FileStorage contract (%s)", (_name, make) => {
  it("returns what was put, and null for a key never written", async () => {
    const storage = make();
    await storage.put("ws-1/photo-a.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    expect(await readAll(await storage.get("ws-1/photo-a.jpg"))).toBe("jpeg bytes");
    expect(await storage.get("ws-1/never-written.jpg")).toBeNull();
  });

  it("stores a local file under a key, streamed, and the local file is gone afterwards", async () => {
    const storage = make();
    const local = path.join(await mkdtemp(path.join(tmpdir(), "put-file-")), "doc.pdf");
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0x25);
    await writeFile(local, bytes);
    await storage.putFile("ws-1/doc.pdf", local, "application/pdf");
    expect(await storage.stat("ws-1/doc.pdf")).toEqual({ size: bytes.length });
    const stored = await storage.get("ws-1/doc.pdf", { start: bytes.length - 2, end: bytes.length - 1 });
    expect(await readAll(stored)).toBe("%%");
    await expect(stat(local)).rejects.toThrow();
  });

  it("reports sizes and reads byte ranges", async () => {
    const storage = make();
    await storage.put("ws-1/range.bin", Buffer.from("0123456789"), "application/octet-stream");
    expect(await storage.stat("ws-1/range.bin")).toEqual({ size: 10 });
    expect(await storage.stat("ws-1/none.bin")).toBeNull();
    expect(await readAll(await storage.get("ws-1/range.bin", { start: 2, end: 5 }))).toBe("2345");
    expect(await readAll(await storage.get("ws-1/range.bin", { start: 9, end: 9 }))).toBe("9");
    expect(await storage.get("ws-1/none.bin", { start: 0, end: 1 })).toBeNull();
  });

  it("overwrites a key in place", async () => {
    const storage = make();
    await storage.put("ws-1/photo-b.jpg", Buffer.from("first"), "image/jpeg");
    await storage.put("ws-1/photo-b.jpg", Buffer.from("second"), "image/jpeg");
    expect(await readAll(await storage.get("ws-1/photo-b.jpg"))).toBe("second");
  });

  it("deletes the given keys only, and ignores keys that do not exist", async () => {
    const storage = make();
    await storage.put("ws-2/a.jpg", Buffer.from("a"), "image/jpeg");
    await storage.put("ws-2/b.jpg", Buffer.from("b"), "image/jpeg");
    await storage.delete(["ws-2/a.jpg", "ws-2/missing.jpg"]);
    expect(await storage.get("ws-2/a.jpg")).toBeNull();
    expect(await readAll(await storage.get("ws-2/b.jpg"))).toBe("b");
    await storage.delete([]);
  });
});

describe("storage selection", () => {
  it("uses S3 when S3_BUCKET is set and the DATA_DIR folder otherwise", () => {
    expect(createStorage(loadConfig({ DATA_DIR: folder }))).toBeInstanceOf(DiskStorage);
    const config = loadConfig({
      DATA_DIR: folder,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.s3).toMatchObject({ bucket: BUCKET, endpoint, forcePathStyle: true, region: "us-east-1" });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
  });

  it.each([
    [{ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "only-the-id" }, "Invalid S3_SECRET_ACCESS_KEY"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "Invalid S3_BUCKET"],
    [{ S3_BUCKET: BUCKET, S3_ENDPOINT: "not a url" }, "Invalid S3_ENDPOINT"],
    [{ S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: "yes please" }, "Invalid S3_FORCE_PATH_STYLE"],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: folder, ...env })).toThrow(message);
  });

  it("refuses a key that would escape the disk folder", async () => {
    await expect(new DiskStorage(folder).put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(
      "Unsafe storage key",
    );
  });
});
