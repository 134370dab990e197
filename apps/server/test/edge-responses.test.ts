// Whatever fails, and wherever it fails (the router, Node's HTTP parser, a body parser, a handler),
// the answer has the app's JSON shape, echoes nothing of the request, and carries the security headers.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../src/http/security-headers";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { type Headers, rawRequest } from "./raw-http";

function expectSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}

/** Exactly {statusCode, error, message} (no `code`, no `details`), and nothing of the URL in it. */
function expectBareError(status: number, body: string, echo?: string): void {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(["error", "message", "statusCode"]);
  expect(parsed.statusCode).toBe(status);
  if (echo) expect(body).not.toContain(echo);
}

describe.each(DIALECTS)("error responses in the app's shape, with its headers (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signUp(t)).accessToken;
  });
  afterAll(() => t.close());

  const longId = (length: number) => "a".repeat(length);
  const cases: [string, () => Promise<LightMyRequestResponse>, number, string, string?][] = [
    [
      "a 150-character id is an unknown id",
      () => t.request({ method: "GET", url: `/api/projects/${longId(150)}`, token }),
      404,
      "Project not found",
      longId(150),
    ],
    [
      "an id longer than the router allows is an unknown id",
      () => t.request({ method: "GET", url: `/api/projects/${longId(250)}`, token }),
      404,
      "Not found",
      longId(250),
    ],
    [
      "a URL with invalid percent-encoding",
      () => t.request({ method: "GET", url: "/%E0%80%AF" }),
      400,
      "The address of this request is not valid",
      "E0%80",
    ],
    [
      "an id with invalid percent-encoding",
      () => t.request({ method: "GET", url: "/api/projects/%E0%80%AF", token }),
      400,
      "The address of this request is not valid",
      "E0%80",
    ],
    [
      "an unknown API route",
      () => t.request({ method: "DELETE", url: "/api/no-such-route-xyz" }),
      404,
      "Not found",
      "no-such-route-xyz",
    ],
    [
      "a body over the 1 MB limit",
      () =>
        t.request({
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
        }),
      413,
      "The request body is too large",
    ],
    [
      "a body that is not JSON",
      () =>
        t.request({
          method: "POST",
          url: "/api/projects",
          token,
          headers: { "content-type": "application/x-evil-type" },
          payload: "<x/>",
        }),
      415,
      "The request body must be JSON",
      "x-evil-type",
    ],
    [
      "a JSON body that is not UTF-8",
      () =>
        t.request({
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json" },
          payload: Buffer.concat([
            Buffer.from('{"email":"a@b.co","password":"caf'),
            Buffer.from([0xe9]),
            Buffer.from('"}'),
          ]),
        }),
      400,
      "The request body is not valid UTF-8",
    ],
    ["a missing token", () => t.request({ method: "GET", url: "/api/projects" }), 401, "Authentication required"],
  ];

  it.each(cases)("%s", async (_name, send, status, message, echo) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["content-type"]).toContain("application/json");
    expectBareError(status, res.body, echo);
    expect(res.json()).toMatchObject({ message });
    expectSecurityHeaders(res.headers);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("stores nothing from a JSON body that is not UTF-8", async () => {
    const name = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await t.request({
      method: "POST",
      url: "/api/projects",
      token,
      headers: { "content-type": "application/json" },
      payload: name,
    });
    expect(res.statusCode).toBe(400);
    const list = await t.request({ method: "GET", url: "/api/projects", token });
    expect(list.json()).toEqual({ projects: [] });
  });
});

describe("a rate-limited answer", () => {
  it("has the app's shape and headers too", async () => {
    const t = await createTestApp("sqlite", { AUTH_RATE_LIMIT: "1" });
    try {
      await t.request({ method: "POST", url: "/api/auth/demo-login" });
      const limited = await t.request({ method: "POST", url: "/api/auth/demo-login" });
      expect(limited.statusCode).toBe(429);
      expectBareError(429, limited.body);
      expectSecurityHeaders(limited.headers);
      expect(limited.headers["cache-control"]).toBe("no-store");
    } finally {
      await t.close();
    }
  });
});

describe("errors Node's HTTP parser raises, on a listening server", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("answers 20 KB of headers with 431 in the app's shape and headers", async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toContain("application/json");
    expectBareError(431, res.body);
    expect(JSON.parse(res.body)).toMatchObject({ message: "The request headers are too large" });
    expectSecurityHeaders(res.headers);
  });

  it("answers a request line with a raw NUL byte with 400 in the app's shape and headers", async () => {
    const res = await rawRequest(port, "GET /api/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(res.status).toBe(400);
    expectBareError(400, res.body);
    expectSecurityHeaders(res.headers);
  });

  it("answers a well-formed request over the same port normally", async () => {
    const res = await rawRequest(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
  });
});

describe("HSTS only over HTTPS", () => {
  it("is absent over plain HTTP, and a forwarded proto from an untrusted client changes nothing", async () => {
    const t = await createTestApp("sqlite");
    try {
      const plain = await t.request({ method: "GET", url: "/api/health" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      const spoofed = await t.request({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("is sent when a trusted proxy (TRUST_PROXY) says the client used HTTPS, on errors too", async () => {
    const t = await createTestApp("sqlite", { TRUST_PROXY: "1" });
    try {
      for (const url of ["/api/health", "/api/nope", "/%E0%80%AF"]) {
        const res = await t.request({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
        expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
        expectSecurityHeaders(res.headers);
      }
      const overHttp = await t.request({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "http" } });
      expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "sitesnag-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>SiteSnag</title>");
    await writeFile(path.join(dist, "assets", "index-abc.js"), "console.log(1);");
    await writeFile(path.join(dist, "assets", "index-abc.js.map"), '{"version":3,"sources":["src/secret.ts"]}');
    t = await createTestApp("sqlite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("serves the bundle but not its source map", async () => {
    const js = await t.request({ method: "GET", url: "/assets/index-abc.js" });
    expect(js.statusCode).toBe(200);
    expectSecurityHeaders(js.headers);
    const map = await t.request({ method: "GET", url: "/assets/index-abc.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("sources");
    expectBareError(404, map.body);
    expectSecurityHeaders(map.headers);
  });

  it("answers a missing file with the JSON 404 and the SPA's routes with index.html, both with the headers", async () => {
    const missing = await t.request({ method: "GET", url: "/assets/missing-xyz.js" });
    expect(missing.statusCode).toBe(404);
    expectBareError(404, missing.body, "missing-xyz");
    expectSecurityHeaders(missing.headers);
    const route = await t.request({ method: "GET", url: "/app/projects/123" });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain("<title>SiteSnag</title>");
    expectSecurityHeaders(route.headers);
  });
});
