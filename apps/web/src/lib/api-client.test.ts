// The client's token protocol (SPEC §4): bearer header, one retry after a 401 with a refreshed
// token, one shared refresh for concurrent 401s, logout to /login when the refresh fails.
// The network is the only thing replaced: a scripted fetch records every request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The browser's localStorage, in memory, installed before the persisted store is created.
const storage = await vi.hoisted(async () => (await import("./memory-storage")).installMemoryStorage());

import { useAuthStore } from "../stores/auth-store";
import { ApiError, api, errorMessage } from "./api-client";
import { TEST_USER as user } from "./test-user";

type Call = { url: string; auth: string | null; body: string | null };
let calls: Call[];
let assign: ReturnType<typeof vi.fn>;

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function install(handler: (url: string, auth: string | null) => Response | Promise<Response>) {
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = { url, auth: headers.authorization ?? null, body: (init.body as string | undefined) ?? null };
    calls.push(call);
    return handler(url, call.auth);
  });
}

beforeEach(() => {
  calls = [];
  assign = vi.fn();
  vi.stubGlobal("window", { localStorage: storage, location: { pathname: "/app/projects", assign } });
  useAuthStore.getState().signIn({ user, accessToken: "old-access", refreshToken: "refresh-1" });
});
afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("sends the bearer token and returns the JSON answer", async () => {
    install(() => respond(200, { projects: [] }));
    expect(await api("/projects")).toEqual({ projects: [] });
    expect(calls).toEqual([{ url: "/api/projects", auth: "Bearer old-access", body: null }]);
  });

  it("refreshes once after a 401 and retries with the new token", async () => {
    install((url, auth) => {
      if (url === "/api/auth/refresh") return respond(200, { accessToken: "new-access", refreshToken: "refresh-2" });
      return auth === "Bearer new-access" ? respond(200, { ok: true }) : respond(401, { message: "expired" });
    });
    expect(await api("/projects")).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(["/api/projects", "/api/auth/refresh", "/api/projects"]);
    expect(calls[1]?.auth).toBeNull();
    expect(JSON.parse(calls[1]?.body ?? "{}")).toEqual({ refreshToken: "refresh-1" });
    expect(useAuthStore.getState()).toMatchObject({ accessToken: "new-access", refreshToken: "refresh-2" });
  });

  it("retries only once: a second 401 is returned to the caller", async () => {
    install((url) =>
      url === "/api/auth/refresh"
        ? respond(200, { accessToken: "new-access", refreshToken: "refresh-2" })
        : respond(401, { message: "Still not allowed" }),
    );
    await expect(api("/projects")).rejects.toMatchObject({ status: 401, message: "Still not allowed" });
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("shares one refresh between concurrent 401s (refresh tokens are single-use)", async () => {
    install((url, auth) => {
      if (url === "/api/auth/refresh") return respond(200, { accessToken: "new-access", refreshToken: "refresh-2" });
      return auth === "Bearer new-access" ? respond(200, { url }) : respond(401, {});
    });
    await Promise.all([api("/projects"), api("/snagging"), api("/projects/1")]);
    expect(calls.filter((c) => c.url === "/api/auth/refresh")).toHaveLength(1);
  });

  it("logs out and goes to /login when the refresh fails", async () => {
    install((url) => (url === "/api/auth/refresh" ? respond(401, {}) : respond(401, { message: "expired" })));
    await expect(api("/projects")).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
    });
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("stays signed in when the refresh cannot be answered now (503), and reports why", async () => {
    const unavailable = "The database is unavailable right now. Please try again in a moment.";
    install((url) =>
      url === "/api/auth/refresh" ? respond(503, { message: unavailable }) : respond(401, { message: "expired" }),
    );
    await expect(api("/projects")).rejects.toMatchObject({ status: 503, message: unavailable });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: "refresh-1" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("stays signed in when the refresh is rate limited or the network is down", async () => {
    install((url) => (url === "/api/auth/refresh" ? respond(429, { message: "Too many" }) : respond(401, {})));
    await expect(api("/projects")).rejects.toMatchObject({ status: 429 });
    install((url) => {
      if (url === "/api/auth/refresh") throw new TypeError("Failed to fetch");
      return respond(401, {});
    });
    await expect(api("/projects")).rejects.toBeInstanceOf(TypeError);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: "refresh-1" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("returns the 401 unchanged when no refresh token is held", async () => {
    useAuthStore.getState().logout();
    install(() => respond(401, { message: "Authentication required" }));
    await expect(api("/projects")).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it("does not treat a failed sign-in as an expired session", async () => {
    install(() => respond(401, { message: "Invalid email or password" }));
    await expect(api("/auth/login", { method: "POST", body: {} })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("uses the token another tab stored instead of presenting a rotated refresh token", async () => {
    // Another tab refreshed first: storage holds the new pair, this tab's memory the old one.
    const stored = JSON.parse(storage.getItem("auth-storage") ?? "{}");
    stored.state = { ...stored.state, accessToken: "other-tab-access", refreshToken: "refresh-2" };
    storage.setItem("auth-storage", JSON.stringify(stored));
    install((url, auth) => (auth === "Bearer other-tab-access" ? respond(200, { url }) : respond(401, {})));
    expect(await api("/projects")).toEqual({ url: "/api/projects" });
    expect(calls.map((c) => c.url)).toEqual(["/api/projects", "/api/projects"]);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: "other-tab-access", refreshToken: "refresh-2" });
  });

  it("prefers the server's message, else the screen's fixed text", async () => {
    install(() => respond(409, { message: "An account with this email already exists" }));
    const error = await api("/auth/register", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(errorMessage(error, "Registration failed")).toBe("An account with this email already exists");
    expect(errorMessage(new TypeError("Failed to fetch"), "Registration failed")).toBe("Registration failed");
  });
});
