// Playwright fixtures: one real server per worker (built app, own SQLite file, own port), and
// helpers that create accounts and sign in through the API like the app does.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const ADMIN = { email: "admin@sitesnag.test", password: "Admin-Passw0rd-e2e" };

/** The worker's server: its URL and its DATA_DIR (mail is written to DATA_DIR/mail as .eml files). */
type Server = { url: string; dataDir: string };
export type Session = {
  user: { id: string; firstName: string; lastName: string; email: string; role: string };
  accessToken: string;
  refreshToken: string;
};

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a loaded machine a fresh server (migrations, prerendered pages) took >20 s once.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** A port the OS says is free now: several checkouts can run their suites side by side. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let counter = 0;

export const test = base.extend<{ api: ApiHelper }, { server: Server }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring argument
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-e2e-"));
      const port = await findFreePort();
      let log = "";
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_URL: url,
          SMTP_URL: "",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          AUTH_RATE_LIMIT: "100000",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: "warn",
          // Single sign-on against the OpenID provider a spec starts on 127.0.0.1 (sso.spec.ts).
          SSO_ALLOW_LOCAL_HTTP_ISSUER: "true",
          // Webhook specs deliver to a receiver on 127.0.0.1 over http (decision 0073).
          WEBHOOKS_ALLOW_HTTP: "1",
          WEBHOOKS_ALLOW_PRIVATE: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
      child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
      await waitForHealth(url, child, () => log);
      await use({ url, dataDir });
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  api: async ({ server }, use) => use(new ApiHelper(server.url)),
});

export { expect };

export class ApiHelper {
  constructor(private readonly baseUrl: string) {}

  async call<T>(method: string, pathname: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** A new account in its own workspace. */
  async signUp(overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
    counter += 1;
    const body = {
      firstName: "Pat",
      lastName: "Foreman",
      email: `pat.${process.pid}.${counter}.${Date.now()}@example.com`,
      password: "site-walk-2026",
      ...overrides,
    };
    const session = await this.call<Session>("POST", "/auth/register", body);
    return { ...session, password: body.password };
  }

  loginAdmin(): Promise<Session> {
    return this.call<Session>("POST", "/auth/login", ADMIN);
  }

  /** A report created as the capture form does: multipart fields plus one `images` part per photo. */
  async createReport(token: string, fields: ReportFields, images: ReportImage[] = []): Promise<CreatedReport> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
    for (const image of images) {
      form.append("images", new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
    }
    const res = await fetch(`${this.baseUrl}/api/snagging`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`POST /snagging → ${res.status} ${await res.text()}`);
    return ((await res.json()) as { report: CreatedReport }).report;
  }

  createProject(token: string, overrides: Record<string, string> = {}) {
    return this.call<{ project: { id: string; name: string } }>(
      "POST",
      "/projects",
      { name: "Project", description: "", location: "", clientName: "", status: "active", ...overrides },
      token,
    ).then((r) => r.project);
  }
}

export type ReportFields = {
  projectId: string;
  priority: "critical" | "high" | "medium" | "low";
  description?: string;
  status?: "open" | "in-progress" | "resolved" | "closed";
  category?: string;
  assignedTo?: string;
  dueDate?: number;
  locationLat?: number;
  locationLng?: number;
  /** A pin on a drawing (issue 24). */
  sheetId?: string;
  pinX?: number;
  pinY?: number;
};
export type ReportImage = { name: string; type: string; bytes: Buffer };
export type CreatedReport = {
  id: string;
  title: string;
  status: string;
  attachments: { id: string; file_path: string; thumbnail_path: string | null }[];
};

/** Puts a session into the app's persisted store before any page script runs, as a real sign-in would. */
export async function signInAs(page: Page, session: Session): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem("auth-storage")) {
      window.localStorage.setItem(
        "auth-storage",
        JSON.stringify({
          state: {
            user: value.user,
            accessToken: value.accessToken,
            refreshToken: value.refreshToken,
            isAuthenticated: true,
          },
          version: 1,
        }),
      );
    }
  }, session);
}

/**
 * For a test whose checks do not depend on the layout (a network fault, a token, a file's content):
 * it runs on one viewport, the one its user has; the screens it passes through are tested on both
 * by other tests (decision 0041). Call first in the test's body.
 */
export function onOneViewport(viewport: "desktop" | "mobile"): void {
  test.skip(
    test.info().project.name !== viewport,
    `layout-independent: runs on the ${viewport} viewport (decision 0041)`,
  );
}

export const isMobile = (page: Page): boolean => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * Counts the page's fetches in flight (call before the first navigation), for `settled`. A
 * signed-in tab keeps its live stream (GET /api/events) open for as long as it lives, so Playwright's
 * "networkidle" never comes; this leaves that one request out.
 */
export async function watchNetwork(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __inFlight: number };
    w.__inFlight = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/api/events")) return original(input, init);
      w.__inFlight += 1;
      return original(input, init).finally(() => {
        w.__inFlight -= 1;
      });
    };
  });
}

/**
 * Waits until the page has loaded, no fetch but the live stream is in flight and no new resource
 * (a script chunk, an image) has arrived for half a second: the screen has its data.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __inFlight?: number; __quiet?: { count: number; since: number } };
      const count = performance.getEntriesByType("resource").length;
      const now = performance.now();
      if ((w.__inFlight ?? 0) > 0 || !w.__quiet || w.__quiet.count !== count) {
        w.__quiet = { count, since: now };
        return false;
      }
      return now - w.__quiet.since >= 500;
    },
    undefined,
    { polling: 100 },
  );
}
