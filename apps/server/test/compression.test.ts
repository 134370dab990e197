// Compression as a client meets it: the build's .br/.gz copies of static assets (written by the real
// apps/web/scripts/precompress.mjs into a scratch web folder) and API JSON compressed above the
// threshold, each chosen by Accept-Encoding with Vary; identity for a client that asks for none.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const precompressScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../web/scripts/precompress.mjs",
);
const ASSET = "/assets/index-T3sTh4sh.js";
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "line ${i} of a built chunk";`).join(
  "\n",
);

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

describe.each(DIALECTS)("compression (%s)", (kind) => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "sitesnag-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>SiteSnag</title><div id=root></div>");
    writeFileSync(path.join(webDist, ASSET), script);
    execFileSync(process.execPath, [precompressScript, webDist]);
    t = await createTestApp(kind, { WEB_DIST: webDist });
    token = (await signUp(t)).accessToken;
    for (let i = 0; i < 12; i++) {
      await createProject(t, token, { name: `Block ${i}`, description: "Level 2 snag walk, east and west cores" });
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(["br", "gzip"])("sends the built %s copy of a JS asset with Vary", async (encoding) => {
    const res = await t.request({ method: "GET", url: ASSET, headers: { "accept-encoding": `${encoding}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(decode(encoding, res.rawPayload)).toBe(script);
  });

  it("prefers brotli when the client accepts both", async () => {
    const res = await t.request({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it.each([{}, { "accept-encoding": "identity" }])(
    "sends a JS asset as is when none is accepted (%o)",
    async (headers) => {
      const res = await t.request({ method: "GET", url: ASSET, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    },
  );

  it.each(["br", "gzip"])("compresses a large JSON list with %s and Vary", async (encoding) => {
    const plain = await t.request({ method: "GET", url: "/api/projects", token });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const res = await t.request({
      method: "GET",
      url: "/api/projects",
      token,
      headers: { "accept-encoding": encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
  });

  it("leaves a small JSON answer uncompressed", async () => {
    const res = await t.request({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });
});
