// The one HTTP client (SPEC §4, §6): bearer header when a token is held, one retry after a 401
// with a refreshed access token, and logout to /login when the server refuses the refresh token
// (not when it cannot answer: a 503 or a lost network keeps the user signed in). Concurrent
// 401s share a single refresh call, because refresh tokens rotate and may be used only once.

import type { ApiErrorBody } from "@sitesnag/shared/errors";
import type { EarlyRead } from "../early-reads";
import { useAuthStore } from "../stores/auth-store";
import { noteRefusal } from "./mfa-gate";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiErrorBody> | null,
  ) {
    super(message);
  }
}

/** The server's message when it gave one, otherwise the screen's fixed text (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  // The offline queue's 'not enough storage' (offline/outbox.ts) is written for the person.
  if (error instanceof Error && error.name === "StorageFullError") return error.message;
  return fallback;
}

declare global {
  interface Window {
    /** Offline: when the oldest answer served from the service worker's copy was fetched (ms). */
    __sitesnagCopyAt?: number;
  }
}

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

let refreshing: Promise<string | null> | null = null;

/** The server refused the refresh token: the session is over. */
class SessionEnded extends Error {}

/** Runs `task` holding a lock shared by every tab of this origin (Web Locks), when the browser has them. */
async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return task();
  let result: { value: T } | undefined;
  await locks.request(name, async () => {
    result = { value: await task() };
  });
  if (!result) throw new Error("lock released without running the task");
  return result.value;
}

async function exchangeRefreshToken(staleAccessToken: string | null): Promise<string | null> {
  // Another tab may have refreshed while we waited for the lock: take its tokens from storage
  // rather than presenting a refresh token that has already been rotated (which would revoke
  // the whole family and sign every tab out).
  await useAuthStore.persist.rehydrate();
  const { accessToken, refreshToken } = useAuthStore.getState();
  if (accessToken && accessToken !== staleAccessToken) return accessToken;
  if (!refreshToken) return null;
  const res = await fetch("/api/auth/refresh", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken }),
  });
  // Only the server refusing the token ends the session. A server that cannot answer now (503
  // while its database restarts, 429, offline) leaves the user signed in to try again.
  if (res.status === 400 || res.status === 401) throw new SessionEnded();
  if (!res.ok) throw await toError(res);
  const tokens = (await res.json()) as { accessToken: string; refreshToken: string };
  useAuthStore.getState().setTokens(tokens.accessToken, tokens.refreshToken);
  return tokens.accessToken;
}

/**
 * One refresh at a time: concurrent 401s in this tab share one promise, and tabs take turns
 * through a Web Lock, because refresh tokens rotate and may be presented only once. Exported for
 * requests that cannot go through fetch (uploads with progress use XMLHttpRequest).
 */
export async function refreshAccessToken(staleAccessToken: string | null): Promise<string | null> {
  if (!useAuthStore.getState().refreshToken) return null;
  refreshing ??= withTabLock("sitesnag-token-refresh", () => exchangeRefreshToken(staleAccessToken))
    .catch((error: unknown) => {
      if (!(error instanceof SessionEnded)) throw error;
      useAuthStore.getState().logout();
      if (window.location.pathname !== "/login") window.location.assign("/login");
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function buildInit(options: RequestOptions, token: string | null): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  return {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  };
}

async function toError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    body = null;
  }
  noteRefusal(res.status, body);
  return new ApiError(res.status, body?.message ?? res.statusText, body);
}

/** How long a read started by the pre-rendered document (early-reads.ts) stays worth taking. */
const EARLY_READ_MS = 15_000;

/**
 * The answer to a read the screen's document already started with this token, taken once: a
 * later read of the same path asks the server again. Nothing for any other request.
 */
function takeEarlyRead(path: string, options: RequestOptions, token: string | null): EarlyRead | undefined {
  const reads = typeof window === "undefined" ? undefined : window.__sitesnagEarlyReads;
  const read = reads?.get(path);
  if (!read || (options.method ?? "GET") !== "GET" || options.body !== undefined || options.signal) return undefined;
  reads?.delete(path);
  return read.token === token && Date.now() - read.startedAt < EARLY_READ_MS ? read : undefined;
}

/** Sends a request under /api and returns the raw Response once it is OK. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const url = `/api${path}`;
  const sentToken = useAuthStore.getState().accessToken;
  const early = takeEarlyRead(path, options, sentToken);
  // A read the document started that failed on the way (signal lost) is sent again as usual.
  let res = early
    ? await early.response.catch(() => fetch(url, buildInit(options, sentToken)))
    : await fetch(url, buildInit(options, sentToken));
  // A 401 from the sign-in endpoints means bad credentials, not an expired session.
  if (res.status === 401 && !path.startsWith("/auth/") && useAuthStore.getState().refreshToken) {
    const token = await refreshAccessToken(sentToken);
    if (token) res = await fetch(url, buildInit(options, token));
  }
  if (!res.ok) throw await toError(res);
  // Answered by the service worker's copy (public/sw-api.js): the offline banner says how old it is.
  const copyAt = Number(res.headers.get("x-sitesnag-cached-at"));
  if (copyAt > 0) window.__sitesnagCopyAt = Math.min(copyAt, window.__sitesnagCopyAt ?? copyAt);
  return res;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
