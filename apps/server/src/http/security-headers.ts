// The security headers every response carries, built once at start-up. They are set in the first
// onRequest hook, so routes, the error handler and the not-found handler all inherit them; the two
// paths that run before any hook (router errors and raw client errors, framework-errors.ts) add
// the same set themselves.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import type { FastifyInstance } from "fastify";

/** `scriptHashes`: the sha256 sources of the inline scripts our own documents carry, and no other. */
const contentSecurityPolicy = (scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" "),
    // React style props become inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "script-src-attr 'none'",
  ].join("; ");

/** With no inline script allowed: the answers made before any hook (framework-errors.ts) are never pages. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": contentSecurityPolicy([]),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  // The legacy twin of frame-ancestors 'none': never framed, not even by this origin.
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

/**
 * HSTS only on an answer that reached the browser over HTTPS: our own TLS socket, or a trusted
 * proxy (TRUST_PROXY hops) that says X-Forwarded-Proto: https. Sent over plain HTTP it would be
 * ignored at best, and pin a development host name to HTTPS at worst.
 */
const HSTS = { "strict-transport-security": "max-age=31536000; includeSubDomains" };

/** Picks one of the two fixed sets for a request; nothing is built per response. */
export type SecurityHeadersFor = (request: IncomingMessage) => Readonly<Record<string, string>>;

/** `scriptHashes`: from inlineScriptHashes(), the built app's own inline scripts. */
export function securityHeaders(trustProxy: number, scriptHashes: readonly string[] = []): SecurityHeadersFor {
  const plain = Object.freeze({ ...SECURITY_HEADERS, "content-security-policy": contentSecurityPolicy(scriptHashes) });
  const https = Object.freeze({ ...plain, ...HSTS });
  return (request) => (isHttps(request, trustProxy) ? https : plain);
}

/**
 * The CSP sources (`sha256-…`) of the inline scripts in the built app's document, from which every
 * signed-in document is made: the screen's first reads, started while the document is parsed
 * (apps/web/vite.config.ts, decision 0090). Only these run inline; nothing else can.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const file = path.join(distDir, "index.html");
  if (!existsSync(file)) return [];
  const html = readFileSync(file, "utf8");
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}`,
  );
}

/** The same rule as Fastify's request.protocol, usable where Fastify has no trusted-proxy request yet. */
function isHttps(request: IncomingMessage, trustProxy: number): boolean {
  if ((request.socket as TLSSocket | null)?.encrypted) return true;
  if (trustProxy === 0) return false;
  const header = request.headers["x-forwarded-proto"];
  const last = (Array.isArray(header) ? header.at(-1) : header)?.split(",").at(-1);
  return last?.trim().toLowerCase() === "https";
}

/** Call before anything else is registered, so this hook runs first (before rate limits and guards). */
export function registerSecurityHeaders(app: FastifyInstance, headersFor: SecurityHeadersFor): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headersFor(request.raw));
    done();
  });
}
