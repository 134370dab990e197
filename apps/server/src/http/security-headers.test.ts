// The policy allows exactly the inline scripts of the built app's document (the screen's first
// reads, decision 0090), by their hash, and nothing inline when there is no such document.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inlineScriptHashes, SECURITY_HEADERS, securityHeaders } from "./security-headers";

const request = { socket: {}, headers: {} } as unknown as IncomingMessage;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("security headers", () => {
  it("allow the document's inline script by its hash, and not a changed one", () => {
    dir = mkdtempSync(path.join(tmpdir(), "csp-"));
    const code = "(()=>{window.__sitesnagEarlyReads=new Map})()";
    writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><head><script>${code}</script><script type="module" crossorigin src="/assets/main.js"></script></head><body></body></html>`,
    );
    const hash = createHash("sha256").update(code).digest("base64");
    expect(inlineScriptHashes(dir)).toEqual([`sha256-${hash}`]);
    const csp = securityHeaders(0, inlineScriptHashes(dir))(request)["content-security-policy"];
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    const scriptSrc = csp?.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("script-src-attr 'none'");
    const other = createHash("sha256").update(`${code};`).digest("base64");
    expect(csp).not.toContain(other);
  });

  it("allow no inline script without a built document, nor in the answers made before any hook", () => {
    dir = mkdtempSync(path.join(tmpdir(), "csp-"));
    expect(inlineScriptHashes(dir)).toEqual([]);
    expect(securityHeaders(0, [])(request)["content-security-policy"]).toContain("script-src 'self';");
    expect(SECURITY_HEADERS["content-security-policy"]).toContain("script-src 'self';");
  });
});
