// What the request log says about a request's URL. Some URLs are capabilities: a photo's key in
// /files/<key>, an invitation in /api/invitations/token/<token>, share links (/s/<token>,
// /api/share/<token>) and reset links (?token=…). Logs are read by more people and kept longer than
// the tokens are secret, so no URL is logged as sent:
// - a request that matched a route logs the route's pattern (`/api/invitations/token/:token`,
//   `/files/*`), never the values in it;
// - a request no route matched (the web app's fallback, a 404) logs only its first path segment,
//   and only when that segment is short and plain (`/invite/*`), else `/*`;
// - a query keeps its parameter names, and the values of those whose name says secret
//   (token, key, code, signature, password…) become `[redacted]`, as do what people type or are
//   named by: search text (search, q, query…), names, notes, and any value holding an `@` (an
//   email address; issue 34).
// Generic by construction: a route added later with a token in its path or query is covered.
import type { FastifyServerOptions } from "fastify";

const SECRET_NAME = /token|key|secret|pass|code|sig|auth|credential|otp|ticket|session/i;
const PERSONAL_NAME = /search|^q$|query|text|mail|name|note|descr|comment|phone|address|filter/i;
const PLAIN_SEGMENT = /^[a-z][a-z0-9-]{0,23}$/i;
const MAX_QUERY_LENGTH = 512;

type LoggableRequest = {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
  socket?: { remotePort?: number } | null;
};

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

const isPrivate = (name: string, value: string): boolean =>
  SECRET_NAME.test(name) || PERSONAL_NAME.test(name) || decodedName(value).includes("@");

/** The query with the values of secret-named, free-text and address-holding parameters replaced. */
export function redactQuery(query: string): string {
  const shown = query
    .slice(0, MAX_QUERY_LENGTH)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (equals === -1) return pair;
      return isPrivate(decodedName(name), pair.slice(equals + 1)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return query.length > MAX_QUERY_LENGTH ? `${shown}…` : shown;
}

/** The path of a request no route matched: its first segment when plain, nothing else. */
function unmatchedPath(path: string): string {
  const [first, ...rest] = path.split("/").filter((segment) => segment !== "");
  if (first === undefined) return "/";
  if (!PLAIN_SEGMENT.test(first)) return "/*";
  return rest.length > 0 ? `/${first}/*` : `/${first}`;
}

/** The URL as the log shows it: the route's pattern (or a reduced path) and a redacted query. */
export function loggedUrl(request: LoggableRequest): string {
  const url = request.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const pattern = request.routeOptions?.url;
  const shown = pattern === undefined || pattern === "" ? unmatchedPath(path) : pattern;
  return queryAt === -1 ? shown : `${shown}?${redactQuery(url.slice(queryAt + 1))}`;
}

/** Fastify's request serializer with `url` as `loggedUrl` says; the rest as Fastify logs it. */
export const requestLogSerializers = {
  req: (request: LoggableRequest) => ({
    method: request.method,
    url: loggedUrl(request),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
} satisfies NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["serializers"];
