// Capability tokens never reach the log (issue 22): the app logs at the default level into a
// buffer while every kind of token-carrying URL is used, then the buffer is searched for them.
import { randomBytes } from "node:crypto";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedUrl, redactQuery } from "../src/http/request-log";
import { createProject, signUp } from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

describe("the request log (default level)", () => {
  let t: TestApp;
  const lines: string[] = [];
  const log = () => lines.join("");

  beforeAll(async () => {
    t = await createTestApp("sqlite", { LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it("names invitation routes by their pattern, never the token", async () => {
    const owner = await signUp(t);
    const res = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const { token } = res.json() as { token: string };
    const before = lines.length;
    expect((await t.request({ method: "GET", url: `/api/invitations/token/${token}` })).statusCode).toBe(200);
    const accept = `/api/invitations/token/${token}/register`;
    const payload = {
      firstName: "Nia",
      lastName: "Joiner",
      email: `nia.${Date.now()}@example.com`,
      password: "joiner-pass-1",
    };
    expect((await t.request({ method: "POST", url: accept, payload })).statusCode).toBe(201);

    const written = lines.slice(before).join("");
    expect(written).toContain('"url":"/api/invitations/token/:token"');
    expect(written).toContain('"url":"/api/invitations/token/:token/register"');
    expect(log()).not.toContain(token);
  });

  it("names photo files by their pattern, never the key", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const body = await multipart({ projectId: project.id, priority: "low" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    const created = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    expect(created.statusCode, created.body).toBe(201);
    const attachment = (created.json() as { report: Report }).report.attachments[0];
    const fileUrls = [attachment?.file_path, attachment?.thumbnail_path].filter((u): u is string => Boolean(u));
    expect(fileUrls.length).toBeGreaterThan(0);
    for (const url of fileUrls) expect((await t.request({ method: "GET", url })).statusCode).toBe(200);
    // A missing key is logged the same way.
    expect((await t.request({ method: "GET", url: "/files/photos/0123456789abcdef0123.jpg" })).statusCode).toBe(404);

    expect(log()).toContain('"url":"/files/*"');
    for (const url of fileUrls) {
      const key = url.replace(/^\/files\//, "");
      expect(log()).not.toContain(key);
      // Neither the photo's random name without its folder and extension.
      expect(log()).not.toContain(key.replace(/^.*\//, "").replace(/\..*$/, ""));
    }
    expect(log()).not.toContain("0123456789abcdef0123");
  });

  it("keeps share-link and reset tokens out, matched by a route or not", async () => {
    const share = randomBytes(32).toString("base64url");
    const reset = randomBytes(32).toString("base64url");
    for (const url of [
      `/s/${share}`,
      `/api/share/${share}`,
      `/api/share/${share}/reports?page=2`,
      `/reset-password?token=${reset}`,
      `/api/auth/reset-password?email=a%40b.c&token=${reset}`,
      `/${share}`,
    ]) {
      await t.request({ method: "GET", url });
    }
    expect(log()).not.toContain(share);
    expect(log()).not.toContain(reset);
    expect(log()).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log()).toContain('"url":"/s/*"');
  });

  it("keeps search text and email addresses out", async () => {
    const owner = await signUp(t);
    const words = `tilekerb${randomBytes(4).toString("hex")}`;
    const address = `pat.${randomBytes(4).toString("hex")}@outside.example`;
    for (const url of [
      `/api/projects?search=${words}`,
      `/api/projects?search=${encodeURIComponent(`${words} crack`)}&limit=20`,
      `/api/users?search=${encodeURIComponent(address)}`,
      `/api/users?search=${address}`,
      `/api/snagging?q=${words}`,
      `/api/snagging?assignee=${encodeURIComponent(address)}`,
    ]) {
      await t.request({ method: "GET", url, token: owner.accessToken });
    }
    expect(log()).toContain('"url":"/api/projects?search=[redacted]"');
    expect(log()).toContain('"url":"/api/projects?search=[redacted]&limit=20"');
    expect(log()).not.toContain(words);
    expect(log()).not.toContain(address);
    expect(log()).not.toContain(encodeURIComponent(address));
  });

  it("keeps the route pattern and harmless query parameters for debugging", () => {
    expect(loggedUrl({ url: "/api/snagging?status=open&page=2", routeOptions: { url: "/api/snagging" } })).toBe(
      "/api/snagging?status=open&page=2",
    );
    expect(loggedUrl({ url: "/api/projects/0190-abc", routeOptions: { url: "/api/projects/:id" } })).toBe(
      "/api/projects/:id",
    );
    expect(loggedUrl({ url: "/invite/abc.def-ghi_jkl" })).toBe("/invite/*");
    expect(loggedUrl({ url: "/" })).toBe("/");
    expect(redactQuery("access_token=a&Signature=b&X-Amz-Credential=c&q=d&flag")).toBe(
      "access_token=[redacted]&Signature=[redacted]&X-Amz-Credential=[redacted]&q=[redacted]&flag",
    );
  });
});
