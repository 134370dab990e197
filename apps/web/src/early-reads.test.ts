// The reads a pre-rendered signed-in document starts before the app's code (early-reads.ts): they
// must be exactly the requests the screen's queries send (or the app sends them a second time),
// and the HTTP client takes each answer once, only for the token it was sent with. The network
// is the only thing replaced: a scripted fetch records every request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const storage = await vi.hoisted(async () => (await import("./lib/memory-storage")).installMemoryStorage());

import { type EarlyReads, earlyReadsFor, startEarlyReads } from "./early-reads";
import { dashboardQuery, waitingForMeQuery } from "./features/dashboard/api/dashboard-queries";
import { projectPagesQuery, projectQuery, projectReportsQuery } from "./features/projects/api/projects-queries";
import { notificationsQuery } from "./features/shell/api/notifications-api";
import { reportQuery } from "./features/snagging/api/get-report";
import { reportsQuery } from "./features/snagging/api/get-reports";
import { api } from "./lib/api-client";
import { TEST_USER as user } from "./lib/test-user";
import { useAuthStore } from "./stores/auth-store";

type Call = { url: string; auth: string | null };
let calls: Call[];

const respond = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Every answer is shaped to satisfy any of the queries below. */
const anyAnswer = () =>
  respond(200, {
    count: 1,
    counts: { all: 1, open: 1, "in-progress": 0 },
    projects: [],
    reports: [],
    project: { id: "p 1" },
    report: { id: "r1" },
    items: [],
    notifications: [],
    nextCursor: null,
  });

function install(handler: (url: string) => Response | Promise<Response> = anyAnswer) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.authorization ?? null });
    return handler(url);
  });
}

/** A signed HS256-shaped token whose payload expires `inSeconds` from now (the signature is not read). */
const token = (inSeconds: number) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds })).replaceAll("=", "")}.s`;

function at(pathname: string, online = true) {
  vi.stubGlobal("window", { localStorage: storage, location: { pathname, assign: vi.fn() } });
  vi.stubGlobal("navigator", { onLine: online });
}

beforeEach(() => {
  calls = [];
  storage.clear();
  install();
  at("/app/dashboard");
});
afterEach(() => vi.unstubAllGlobals());

/** The URLs a set of query functions requests, in the order sent. */
async function urlsOf(...reads: Array<() => unknown>): Promise<string[]> {
  calls = [];
  for (const read of reads) await read();
  return calls.map((call) => call.url);
}
/** A query's function, called for its first page (the context the queries here read). */
const firstPageOf = (query: { queryFn?: unknown }) => () =>
  (query.queryFn as (context: { pageParam: null }) => unknown)({ pageParam: null });

describe("the reads a document starts", () => {
  beforeEach(() => useAuthStore.getState().signIn({ user, accessToken: token(600), refreshToken: "r" }));

  it("are the requests its screen's queries send, the bell's included", async () => {
    const bell = firstPageOf(notificationsQuery());
    const screens: Array<[string, Array<() => unknown>]> = [
      ["/app/dashboard", [bell, () => dashboardQuery().queryFn(), () => waitingForMeQuery().queryFn()]],
      ["/app/projects", [bell, firstPageOf(projectPagesQuery())]],
      ["/app/snagging", [bell, firstPageOf(reportsQuery())]],
      ["/app/projects/p%201", [bell, () => projectQuery("p 1").queryFn(), firstPageOf(projectReportsQuery("p 1"))]],
      ["/app/snagging/r1", [bell, () => reportQuery("r1").queryFn()]],
      ["/app/audits", [bell]],
    ];
    for (const [pathname, reads] of screens) {
      const expected = (await urlsOf(...reads)).sort();
      expect(
        earlyReadsFor(pathname)
          .map((path) => `/api${path}`)
          .sort(),
        pathname,
      ).toEqual(expected);
    }
  });

  it("are none outside the signed-in screens, and only the bell's on a new report", () => {
    expect(earlyReadsFor("/")).toEqual([]);
    expect(earlyReadsFor("/login")).toEqual([]);
    expect(earlyReadsFor("/app/snagging/new")).toEqual(["/notifications?limit=20"]);
    expect(earlyReadsFor("/app/snagging/%E0%A4%A")).toEqual([]);
  });
});

describe("starting them", () => {
  const store = (accessToken: string, isAuthenticated = true) =>
    storage.setItem("auth-storage", JSON.stringify({ state: { accessToken, isAuthenticated }, version: 0 }));

  it("sends each with the stored token, the screen's own read at once and the others in tasks of their own", async () => {
    const access = token(600);
    store(access);
    at("/app/snagging");
    startEarlyReads();
    expect(calls).toEqual([{ url: "/api/snagging?limit=50", auth: `Bearer ${access}` }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([
      { url: "/api/snagging?limit=50", auth: `Bearer ${access}` },
      { url: "/api/notifications?limit=20", auth: `Bearer ${access}` },
    ]);
    expect([...(window.__sitesnagEarlyReads?.keys() ?? [])]).toEqual(
      ["/api/snagging?limit=50", "/api/notifications?limit=20"].map((u) => u.slice(4)),
    );
  });

  it("sends nothing signed out, offline, or with an expired token (the app refreshes it first)", () => {
    at("/app/snagging");
    startEarlyReads();
    store(token(600), false);
    startEarlyReads();
    store(token(-60));
    startEarlyReads();
    store("not-a-token");
    startEarlyReads();
    store(token(600));
    at("/app/snagging", false);
    startEarlyReads();
    expect(calls).toEqual([]);
  });
});

describe("the client", () => {
  let reads: EarlyReads;
  const started = (path: string, accessToken: string, response: Promise<Response>, startedAt = Date.now()) => {
    response.catch(() => undefined);
    reads.set(path, { token: accessToken, startedAt, response });
  };

  beforeEach(() => {
    useAuthStore.getState().signIn({ user, accessToken: "access-1", refreshToken: "refresh-1" });
    reads = new Map();
    (globalThis.window as Window).__sitesnagEarlyReads = reads;
  });

  it("takes a started read's answer once; the next read asks the server", async () => {
    started("/projects/count", "access-1", Promise.resolve(respond(200, { count: 7 })));
    expect(await api("/projects/count")).toEqual({ count: 7 });
    expect(calls).toEqual([]);
    expect(await api("/projects/count")).toMatchObject({ count: 1 });
    expect(calls).toEqual([{ url: "/api/projects/count", auth: "Bearer access-1" }]);
  });

  it("does not take a read sent with another token, a stale one, or for a write", async () => {
    started("/projects/count", "access-0", Promise.resolve(respond(200, { count: 1 })));
    started("/snagging/counts", "access-1", Promise.resolve(respond(200, { count: 2 })), Date.now() - 60_000);
    started("/notifications/read-all", "access-1", Promise.resolve(respond(200, { count: 3 })));
    await api("/projects/count");
    await api("/snagging/counts");
    await api("/notifications/read-all", { method: "POST" });
    expect(calls.map((call) => call.url)).toEqual([
      "/api/projects/count",
      "/api/snagging/counts",
      "/api/notifications/read-all",
    ]);
  });

  it("sends a read again when the started one failed on the way", async () => {
    started("/projects/count", "access-1", Promise.reject(new TypeError("Failed to fetch")));
    expect(await api("/projects/count")).toMatchObject({ count: 1 });
    expect(calls).toEqual([{ url: "/api/projects/count", auth: "Bearer access-1" }]);
  });

  it("refreshes the token and reads again when the started read was refused with 401", async () => {
    install((url) =>
      url === "/api/auth/refresh" ? respond(200, { accessToken: "access-2", refreshToken: "refresh-2" }) : anyAnswer(),
    );
    started("/projects/count", "access-1", Promise.resolve(respond(401, { message: "expired" })));
    expect(await api("/projects/count")).toMatchObject({ count: 1 });
    expect(calls).toEqual([
      { url: "/api/auth/refresh", auth: null },
      { url: "/api/projects/count", auth: "Bearer access-2" },
    ]);
  });
});
