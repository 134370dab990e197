// Signed-in screens pre-rendered with the shell's frame (apps/web/scripts/prerender.mjs writes
// app-shell/*.html and routes.json): the server answers each listed route with its document, and
// every other page path with index.html as before.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const INDEX = "<!doctype html><title>SiteSnag</title><div id=root></div>";
const doc = (name: string) => `<!doctype html><title>SiteSnag</title><div id=root><nav>${name} frame</nav></div>`;

describe.each(DIALECTS)("pre-rendered signed-in screens (%s)", (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "sitesnag-web-"));
    mkdirSync(path.join(webDist, "app-shell"), { recursive: true });
    writeFileSync(path.join(webDist, "index.html"), INDEX);
    const routes = [
      { path: "/app/dashboard", file: "dashboard.html" },
      { path: "/app/snagging/new", file: "snagging-new.html" },
      { path: "/app/snagging/:id", file: "report.html" },
    ];
    for (const r of routes) writeFileSync(path.join(webDist, "app-shell", r.file), doc(r.file));
    writeFileSync(path.join(webDist, "app-shell", "routes.json"), JSON.stringify(routes));
    t = await createTestApp(kind, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ["/app/dashboard", "dashboard.html"],
    ["/app/dashboard?from=install", "dashboard.html"],
    ["/app/snagging/new", "snagging-new.html"],
    ["/app/snagging/0b7c1f0e-5d1a-4f7e-9c1e-2f6a3b9d8e10", "report.html"],
  ])("%s gets its document (%s), never cached stale", async (url, file) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(doc(file));
  });

  it.each(["/app/admin", "/app/snagging/abc/unknown", "/signup", "/app"])(
    "%s, which has no document of its own, gets index.html",
    async (url) => {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );

  it("API paths are never answered with a document", async () => {
    const res = await t.request({ method: "GET", url: "/api/app/dashboard" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });
});
