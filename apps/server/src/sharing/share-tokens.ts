// Share link tokens: 256 random bits, base64url, shown once to the person who makes the link and
// never stored or logged (the request log shows route patterns: http/request-log.ts); the
// database keeps their SHA-256 only.
import { createHash, randomBytes } from "node:crypto";

export const newShareToken = (): string => randomBytes(32).toString("base64url");
export const hashShareToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A token's shape: anything else is not looked up at all. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
