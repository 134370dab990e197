import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("health and error shape (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("answers 200 {status: ok} once the database answers", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown /api route with a 404 JSON body", async () => {
    const res = await t.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: "The request body is not valid JSON" });
  });

  it("sets security headers", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});

describe.each(DIALECTS)("request parsing (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("accepts a body-less POST sent with a JSON content type", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/demo-login",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty("accessToken");
  });

  it("still refuses prototype-poisoning JSON", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it("ignores a spoofed X-Forwarded-For by default", async () => {
    const res = await t.request({ method: "GET", url: "/api/health", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(res.statusCode).toBe(200);
    expect(t.ctx.config.trustProxy).toBe(0);
  });
});

describe.each(DIALECTS)("bodies that are not objects (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ["application/json", "[1,2]"],
    ["application/json", "null"],
    ["application/json", '"a string"'],
    ["text/plain", "hello"],
  ])("answers %s %s with a readable 400", async (contentType, payload) => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: "The request must be a JSON object" });
  });
});

describe.each(DIALECTS)("health when the database is gone (%s)", (kind) => {
  it("answers 503 {status: unavailable}", async () => {
    const t = await createTestApp(kind);
    const healthy = await t.request({ method: "GET", url: "/api/health" });
    expect(healthy.statusCode).toBe(200);
    await t.ctx.db.destroy();
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable" });
    await t.close();
  });
});
