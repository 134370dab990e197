// Serves the built single-page app: real files from the Vite build, and index.html for any other
// non-API path so client-side routes load on a refresh or a deep link.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { DEFAULT_LOCALE, LOCALES, type Locale, negotiateLocale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorBody } from "../http/error-handler";

// The answer names nothing from the request: an address echoed back is a reflection vector.
const notFound = () => errorBody(404, "Not found");

/** Also owns the app's one not-found handler: JSON under /api, the SPA's index.html elsewhere. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web app not built; only the API is served");
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound()));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Source maps stay on the server (the build emits them hidden, for error reports): not found.
    allowedPath: (pathname) => !pathname.endsWith(".map"),
    // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs); the one the client
    // accepts is sent with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, "");
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else if (
        name === "sw.js" ||
        name === "sw-plans.js" ||
        name === "sw-api.js" ||
        name === "sw-sync.js" ||
        name.endsWith(".html") ||
        name.endsWith(".webmanifest")
      ) {
        // Documents (index.html, the pre-rendered pages) name the hashed assets of one build.
        res.header("Cache-Control", "no-cache");
      }
    },
  });

  // Pages pre-rendered at build (apps/web/scripts/prerender.mjs): prerendered/index.html is `/`,
  // prerendered/privacy.html is `/privacy`. Their HTML holds the page; static.html's script hydrates it.
  const prerendered = path.join(distDir, "prerendered");
  const pages = existsSync(prerendered) ? readdirSync(prerendered).filter((f) => f.endsWith(".html")) : [];
  // A page the build also wrote in other languages (prerendered/<locale>/<file>, /login) is
  // answered in the visitor's: their saved choice (the app's cookie), else Accept-Language, else
  // English — so it paints in their words from the first byte (decision 0061).
  for (const file of pages) {
    const route = file === "index.html" ? "/" : `/${file.slice(0, -".html".length)}`;
    const languages = new Set(
      LOCALES.filter((l) => l !== DEFAULT_LOCALE && existsSync(path.join(prerendered, l, file))),
    );
    app.get(route, (request, reply) => {
      reply.header("Cache-Control", "no-cache");
      if (languages.size === 0) return reply.sendFile(`prerendered/${file}`);
      reply.header("Vary", "Cookie, Accept-Language, Accept-Encoding");
      const locale = visitorLocale(request);
      return reply.sendFile(languages.has(locale) ? `prerendered/${locale}/${file}` : `prerendered/${file}`);
    });
  }

  // Signed-in screens pre-rendered with the shell's frame (apps/web/src/app/app-documents.ts): the
  // app's own entry, so a cold start paints header, navigation and skeleton from the first response.
  // Each in the visitor's language where the build wrote it (app-shell/<locale>/<file>), as above.
  for (const { path: route, file } of appShellRoutes(distDir)) {
    const languages = new Set(
      LOCALES.filter((l) => l !== DEFAULT_LOCALE && existsSync(path.join(distDir, "app-shell", l, file))),
    );
    app.get(route, (request, reply) => {
      reply.header("Cache-Control", "no-cache");
      if (languages.size === 0) return reply.sendFile(`app-shell/${file}`);
      reply.header("Vary", "Cookie, Accept-Language, Accept-Encoding");
      const locale = visitorLocale(request);
      return reply.sendFile(languages.has(locale) ? `app-shell/${locale}/${file}` : `app-shell/${file}`);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/files/")) {
      return reply.status(404).send(notFound());
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send(notFound());
    }
    // A path with a file extension that is not in the build is a missing file, not a route.
    if (path.extname(pathname) !== "") {
      return reply.status(404).send(notFound());
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}

/** The cookie the web app keeps its language in (apps/web/src/i18n/locale-sync.ts). */
const LOCALE_COOKIE = "sitesnag-locale";

/** The language a visitor chose on this browser (the app keeps it in a cookie), else their browser's. */
function visitorLocale(request: FastifyRequest): Locale {
  const saved = request.headers.cookie
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  // toLocale: a code the app does not speak (or a malformed cookie) reads English, never an error.
  return saved ? toLocale(saved) : negotiateLocale(request.headers["accept-language"]);
}

type AppShellRoute = { path: string; file: string };

/** The build's list of signed-in routes and their documents; none (index.html for all) if absent or malformed. */
function appShellRoutes(distDir: string): AppShellRoute[] {
  const list = path.join(distDir, "app-shell", "routes.json");
  if (!existsSync(list)) return [];
  const routes: unknown = JSON.parse(readFileSync(list, "utf8"));
  const valid = (r: unknown): r is AppShellRoute =>
    typeof r === "object" &&
    r !== null &&
    typeof (r as AppShellRoute).path === "string" &&
    (r as AppShellRoute).path.startsWith("/app/") &&
    typeof (r as AppShellRoute).file === "string" &&
    /^[\w-]+\.html$/.test((r as AppShellRoute).file) &&
    existsSync(path.join(distDir, "app-shell", (r as AppShellRoute).file));
  if (!Array.isArray(routes) || !routes.every(valid)) throw new Error(`${list} is not a list of {path, file}`);
  return routes;
}
