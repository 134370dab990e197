// The hand-written HS256 verifier against jose, the library that signs: every token jose accepts
// that we issue is accepted, and each way a token can be wrong is refused.
import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { TokenSigner } from "./tokens";

const SECRET = "unit-test-secret-unit-test-secret-42";
const signer = new TokenSigner(SECRET);
const key = (s: string) => new TextEncoder().encode(s);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

const sign = (claims: Record<string, unknown>, options: { secret?: string; header?: Record<string, unknown> } = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", ...options.header }).sign(key(options.secret ?? SECRET));

describe("TokenSigner.verifyAccess", () => {
  it("accepts its own access tokens, which jose accepts too", async () => {
    const token = await signer.signAccess("user-1", "session-1");
    expect(await signer.verifyAccess(token)).toEqual({ userId: "user-1", sessionId: "session-1", mfaSetup: false });
    const { payload } = await jwtVerify(token, key(SECRET), { issuer: "sitesnag", algorithms: ["HS256"] });
    expect(payload.sub).toBe("user-1");
  });

  it("accepts a jose-signed token with a typ header and nbf in the past", async () => {
    const token = await sign(
      { sub: "u", sid: "s", iss: "sitesnag", exp: now() + 60, nbf: now() - 1 },
      { header: { typ: "JWT" } },
    );
    expect(await signer.verifyAccess(token)).toEqual({ userId: "u", sessionId: "s", mfaSetup: false });
  });

  it.each([
    [
      "another secret",
      () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() + 60 }, { secret: "x".repeat(40) }),
    ],
    ["another issuer", () => sign({ sid: "s", sub: "u", iss: "elsewhere", exp: now() + 60 })],
    ["no issuer", () => sign({ sid: "s", sub: "u", exp: now() + 60 })],
    ["no expiry", () => sign({ sid: "s", sub: "u", iss: "sitesnag" })],
    ["expired now", () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() })],
    ["not yet valid", () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() + 60, nbf: now() + 30 })],
    ["a string expiry", () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: String(now() + 60) })],
    ["a string iat", () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() + 60, iat: "yesterday" })],
    ["no session id", () => sign({ sub: "u", iss: "sitesnag", exp: now() + 60 })],
    ["a numeric session id", () => sign({ sub: "u", sid: 7, iss: "sitesnag", exp: now() + 60 })],
    ["no subject", () => sign({ sid: "s", iss: "sitesnag", exp: now() + 60 })],
    ["a numeric subject", () => sign({ sid: "s", sub: 42, iss: "sitesnag", exp: now() + 60 })],
    [
      "a crit header",
      () => sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() + 60 }, { header: { crit: ["b64"], b64: true } }),
    ],
  ])("refuses a token with %s", async (_name, make) => {
    expect(await signer.verifyAccess(await make())).toBeNull();
  });

  it("refuses alg none, HS512, tampering and malformed input", async () => {
    const token = await signer.signAccess("user-1", "session-1");
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const bad = [
      `${b64({ alg: "none" })}.${payload}.`,
      `${b64({ alg: "HS512" })}.${payload}.${signature}`,
      `${header}.${b64({ ...claims, sub: "user-2" })}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -1)}`,
      `${header}.${payload}.${signature}A`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}`,
      `${token}.extra`,
      "",
      "...",
      `${b64([1, 2])}.${payload}.${signature}`,
      `not-base64!.${payload}.${signature}`,
    ];
    // The genuine token verified first, so it is in the cache of verified tokens: near misses are not.
    expect(await signer.verifyAccess(token)).not.toBeNull();
    for (const candidate of bad) expect(await signer.verifyAccess(candidate), candidate).toBeNull();
  });

  it("still refuses a cached token once it has expired, and one not yet valid until its nbf", async () => {
    const token = await signer.signAccess("user-1", "session-1");
    const exp = now() + 24 * 60 * 60;
    expect(await signer.verifyAccess(token)).toEqual({ userId: "user-1", sessionId: "session-1", mfaSetup: false });
    expect(await signer.verifyAccess(token, exp - 1)).not.toBeNull();
    expect(await signer.verifyAccess(token, exp)).toBeNull();
    expect(await signer.verifyAccess(token, exp + 60)).toBeNull();

    const early = await sign({ sid: "s", sub: "u", iss: "sitesnag", exp: now() + 600, nbf: now() + 30 });
    expect(await signer.verifyAccess(early, now() + 31)).toEqual({ userId: "u", sessionId: "s", mfaSetup: false });
    expect(await signer.verifyAccess(early)).toBeNull();
  });

  it("does not trust another signer's cache: a token is verified with this signer's key", async () => {
    const token = await signer.signAccess("user-1", "session-1");
    expect(await signer.verifyAccess(token)).not.toBeNull();
    expect(await new TokenSigner("another-secret-another-secret-42").verifyAccess(token)).toBeNull();
  });
});
