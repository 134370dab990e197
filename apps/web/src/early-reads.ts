// A signed-in screen's first reads, started by its pre-rendered document (scripts/prerender.mjs)
// as soon as the HTML has arrived, while the app's code is still on its way: without this they
// started only once React, the router and the app's entry had been downloaded and run, one more
// round trip in line on a site connection (issue 7: "data requests start as soon as the route is
// chosen"). The app's HTTP client takes each answer instead of sending the same request again
// (`takeEarlyRead` in lib/api-client.ts); a read the app does not ask for soon is left unused.
//
// A separate entry with no imports, so it arrives in one small request and runs at once (`async`).
// The paths must be the ones the screens' queries ask for: early-reads.test.ts compares them.

export type EarlyRead = { token: string; startedAt: number; response: Promise<Response> };
export type EarlyReads = Map<string, EarlyRead>;

declare global {
  interface Window {
    __sitesnagEarlyReads?: EarlyReads;
  }
}

const PAGE = 50; // LIST_PAGE_SIZE (lib/paged-list.ts)

/** The API paths (under /api) a signed-in screen reads first, by its location's path. */
export function earlyReadsFor(pathname: string): string[] {
  try {
    return screenReads(pathname);
  } catch {
    return []; // a malformed address (decodeURIComponent): the screen will say what is wrong
  }
}

function screenReads(pathname: string): string[] {
  const id = (raw: string) => encodeURIComponent(decodeURIComponent(raw));
  // The header's notifications go last: the screen's own reads are what its first paint waits for.
  const shell = ["/notifications?limit=20"];
  // Every count the dashboard's cards show (dashboardQuery, then waitingForMeQuery): one list, so a
  // further count is one more entry here.
  if (pathname === "/app/dashboard")
    return ["/projects/count", "/snagging/counts", "/audits/count", "/snagging/counts?waitingFor=me", ...shell];
  if (pathname === "/app/projects") return [`/projects?limit=${PAGE}`, ...shell];
  if (pathname === "/app/snagging") return [`/snagging?limit=${PAGE}`, ...shell];
  const project = pathname.match(/^\/app\/projects\/([^/]+)$/)?.[1];
  if (project)
    return [
      `/projects/${id(project)}`,
      `/snagging?${new URLSearchParams({ projectId: decodeURIComponent(project), limit: String(PAGE) })}`,
      ...shell,
    ];
  const report = pathname.match(/^\/app\/snagging\/([^/]+)$/)?.[1];
  if (report && report !== "new") return [`/snagging/${id(report)}`, ...shell];
  return pathname.startsWith("/app/") ? shell : [];
}

/** The stored session's access token, if it is still valid for a few seconds. */
function storedAccessToken(): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "null") as {
      state?: { accessToken?: string | null; isAuthenticated?: boolean };
    } | null;
    const token = stored?.state?.isAuthenticated ? stored.state.accessToken : null;
    if (!token) return null;
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/"))) as {
      exp?: number;
    };
    // An expired token would only earn a 401: the app refreshes it and reads then.
    return typeof payload.exp === "number" && payload.exp * 1000 > Date.now() + 5000 ? token : null;
  } catch {
    return null;
  }
}

/** Starts the reads of the screen at this location, when a session is stored and the browser is online. */
export function startEarlyReads() {
  // Offline the app reads its persisted copy instead (offline/query-persistence.ts).
  if (!navigator.onLine) return;
  const paths = earlyReadsFor(window.location.pathname);
  const token = paths.length > 0 ? storedAccessToken() : null;
  if (!token) return;
  const reads: EarlyReads = new Map();
  window.__sitesnagEarlyReads = reads;
  const send = (path: string) => {
    const response = fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    // Unused or failed, it must not surface as an unhandled rejection: the app reads again.
    response.catch(() => undefined);
    reads.set(path, { token, startedAt: Date.now(), response });
  };
  // The screen's own read leaves at once; each further one in a task of its own. Starting a request
  // costs a slow phone several milliseconds, and all of them inside the document's parse made it
  // one long task (Lighthouse's total blocking time, issue 33). The app's code arrives long after.
  const [first, ...rest] = paths;
  if (first !== undefined) send(first);
  for (const path of rest) setTimeout(send, 0, path);
}

if (typeof window !== "undefined") startEarlyReads();
