// Token issuing. Access tokens are short-lived JWTs (1 day, HS256). Refresh tokens are opaque
// random strings (7 days) stored only as SHA-256 hashes, so a database leak yields no usable token.
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";

export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = "sitesnag";

/**
 * `sessionId` is the refresh-token family the token was issued with (claim `sid`). `mfaSetup`
 * (claim `mfa: "setup"`): the workspace requires a second factor the account has not set up, so
 * the token opens only the setup routes (auth.guard.ts).
 */
export type AccessClaims = { userId: string; sessionId: string; mfaSetup: boolean };

type JwtHeader = { alg?: unknown; crit?: unknown };
/** A token whose signature and fixed claims checked out; only its time window is re-checked. */
type Verified = { claims: AccessClaims; exp: number; nbf: number | undefined };

/**
 * Tokens verified recently, by their exact text. A client sends the same access token on every
 * request for a day, and the HMAC plus two JSON parses were ~9 % of a signed-in read. Only tokens
 * that passed every check are kept (nothing an attacker can forge fills it), expiry and not-before
 * are still checked on each use, and the key never changes while the process runs, so a hit gives
 * the answer a full verification would. Oldest first out past the bound.
 */
const VERIFIED_CAPACITY = 10_000;
type JwtClaims = {
  sub?: unknown;
  sid?: unknown;
  mfa?: unknown;
  iss?: unknown;
  exp?: unknown;
  nbf?: unknown;
  iat?: unknown;
};

function decodeSegment<T>(segment: string): T | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly hmacKey: KeyObject;
  private readonly verified = new Map<string, Verified>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    // Imported once: verifying runs on every signed-in request (jose re-imported it per call).
    this.hmacKey = createSecretKey(this.key);
  }

  signAccess(userId: string, sessionId: string, mfaSetup = false): Promise<string> {
    return new SignJWT(mfaSetup ? { sid: sessionId, mfa: "setup" } : { sid: sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /**
   * The refresh token that replaces `presented` on rotation: derived from it and the secret
   * (HMAC-SHA256, 32 bytes like a random one), so a grace replay answers the very same successor
   * without the server keeping any refresh token in a readable form (token-rotation.ts).
   */
  successorRefreshToken(presented: string): string {
    return createHmac("sha256", this.hmacKey).update(`refresh-successor\0${presented}`).digest("base64url");
  }

  /**
   * HS256 verification with node:crypto's synchronous HMAC: the hot path of every signed-in request.
   * Checks what jose's jwtVerify checked for us: compact form, alg HS256 only (no "none", no crit
   * extensions), the signature (constant time, over the exact base64url text), issuer, expiry,
   * not-before, and numeric iat. Tokens are still signed with jose; test/tokens cross-checks both.
   */
  /** When a valid access token expires (epoch seconds): a live stream opened with it closes then. */
  accessExpiresAt(token: string, nowSeconds = Math.floor(Date.now() / 1000)): number | undefined {
    const known = this.verified.get(token) ?? this.verify(token, nowSeconds);
    return known && known.exp > nowSeconds ? known.exp : undefined;
  }

  async verifyAccess(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AccessClaims | null> {
    const known = this.verified.get(token) ?? this.verify(token, nowSeconds);
    if (!known || known.exp <= nowSeconds || (known.nbf !== undefined && known.nbf > nowSeconds)) return null;
    return known.claims;
  }

  /** Everything but the time window; a token that passes is remembered. */
  private verify(token: string, nowSeconds: number): Verified | null {
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodeSegment<JwtHeader>(headerPart);
    if (header?.alg !== "HS256" || header.crit !== undefined) return null;
    const expected = Buffer.from(
      createHmac("sha256", this.hmacKey).update(`${headerPart}.${payloadPart}`).digest("base64url"),
    );
    const given = Buffer.from(signaturePart);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = decodeSegment<JwtClaims>(payloadPart);
    if (!claims || claims.iss !== ISSUER || typeof claims.sub !== "string") return null;
    if (typeof claims.exp !== "number") return null;
    if (claims.nbf !== undefined && typeof claims.nbf !== "number") return null;
    if (claims.iat !== undefined && typeof claims.iat !== "number") return null;
    // A token without a session (issued before sessions were checked) is refused: the client's
    // refresh token gets it a new one, so nobody is signed out by this.
    if (typeof claims.sid !== "string") return null;
    if (claims.mfa !== undefined && claims.mfa !== "setup") return null;
    const claimsOut = Object.freeze({ userId: claims.sub, sessionId: claims.sid, mfaSetup: claims.mfa === "setup" });
    const verified: Verified = { claims: claimsOut, exp: claims.exp, nbf: claims.nbf };
    if (claims.exp <= nowSeconds) return verified;
    if (this.verified.size >= VERIFIED_CAPACITY) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, verified);
    return verified;
  }
}

export const newRefreshToken = (): string => randomBytes(32).toString("base64url");
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
