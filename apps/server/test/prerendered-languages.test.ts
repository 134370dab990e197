// /login in the visitor's language from the first byte (issue 35, decision 0061): the build writes
// the pre-rendered page once per language (prerendered/<locale>/login.html); the server answers the
// one the visitor saved on this browser (the app's cookie), else their Accept-Language, else English,
// and says that the answer varies by both. A page written only in English (/) is the same for all.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const page = (lang: string, words: string) => `<!doctype html><html lang="${lang}"><body>${words}</body></html>`;

describe.each(DIALECTS)("pre-rendered pages in the visitor's language (%s)", (kind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "sitesnag-web-"));
    await mkdir(path.join(dist, "prerendered", "pl"), { recursive: true });
    await mkdir(path.join(dist, "prerendered", "ro"), { recursive: true });
    await writeFile(path.join(dist, "index.html"), page("en-GB", "app"));
    await writeFile(path.join(dist, "prerendered", "index.html"), page("en-GB", "Welcome"));
    await writeFile(path.join(dist, "prerendered", "login.html"), page("en-GB", "Sign in"));
    await writeFile(path.join(dist, "prerendered", "pl", "login.html"), page("pl", "Zaloguj się"));
    await writeFile(path.join(dist, "prerendered", "ro", "login.html"), page("ro", "Conectează-te"));
    // A signed-in screen's frame (app-shell/, app/app-documents.ts), written in English and Polish.
    await mkdir(path.join(dist, "app-shell", "pl"), { recursive: true });
    await writeFile(
      path.join(dist, "app-shell", "routes.json"),
      JSON.stringify([{ path: "/app/dashboard", file: "dashboard.html" }]),
    );
    await writeFile(path.join(dist, "app-shell", "dashboard.html"), page("en-GB", "Dashboard"));
    await writeFile(path.join(dist, "app-shell", "pl", "dashboard.html"), page("pl", "Pulpit"));
    t = await createTestApp(kind, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const login = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/login", headers });

  it("answers the saved language first, then Accept-Language, then English, varying by both", async () => {
    const saved = await login({ cookie: "other=1; sitesnag-locale=pl", "accept-language": "ro,en;q=0.5" });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('<html lang="pl">');
    expect(saved.body).toContain("Zaloguj się");
    expect(saved.headers.vary).toMatch(/Cookie/);
    expect(saved.headers.vary).toMatch(/Accept-Language/);
    expect(saved.headers["cache-control"]).toBe("no-cache");

    const browser = await login({ "accept-language": "ro-RO,ro;q=0.9,en;q=0.5" });
    expect(browser.body).toContain("Conectează-te");

    const english = await login({ "accept-language": "de-DE,fr;q=0.8" });
    expect(english.body).toContain('<html lang="en-GB">');
    expect(english.body).toContain("Sign in");
    expect((await login({})).body).toContain("Sign in");
  });

  it("falls back to English for a saved code it does not speak or a language the build did not write", async () => {
    expect((await login({ cookie: "sitesnag-locale=xx-YY", "accept-language": "pl" })).body).toContain("Sign in");
    // Lithuanian is a language of the app, but this build wrote no Lithuanian page.
    expect((await login({ cookie: "sitesnag-locale=lt" })).body).toContain("Sign in");
    expect((await login({ cookie: "sitesnag-locale=%E2%80%A6%" })).statusCode).toBe(200);
  });

  it("answers a signed-in screen's frame in the saved language too, else the browser's, else English", async () => {
    const frame = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/app/dashboard", headers });
    const saved = await frame({ cookie: "sitesnag-locale=pl", "accept-language": "en" });
    expect(saved.body).toContain('<html lang="pl">');
    expect(saved.body).toContain("Pulpit");
    expect(saved.headers.vary).toMatch(/Cookie/);
    expect(saved.headers["cache-control"]).toBe("no-cache");
    expect((await frame({ "accept-language": "pl-PL,pl;q=0.9" })).body).toContain("Pulpit");
    // Romanian is a language of the app, but this build wrote no Romanian frame.
    expect((await frame({ cookie: "sitesnag-locale=ro" })).body).toContain("Dashboard");
    expect((await frame({})).body).toContain('<html lang="en-GB">');
  });

  it("answers a page written only in English the same to everyone", async () => {
    const home = await t.app.inject({ method: "GET", url: "/", headers: { cookie: "sitesnag-locale=pl" } });
    expect(home.body).toContain("Welcome");
    expect(home.headers.vary ?? "").not.toMatch(/Cookie/);
  });
});
