// An API token's secret: `sst_` + 32 random bytes written in base62 (43 characters, 256 bits).
// Kept only as its SHA-256: with that much entropy there is nothing to guess, so a slow password
// hash would buy nothing and cost every request a few milliseconds (decision 0066).
import { createHash, randomBytes } from "node:crypto";
import { API_TOKEN_PREFIX } from "@sitesnag/shared/api-tokens";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62^43 > 2^256: 43 characters hold any 32 bytes. */
const SECRET_LENGTH = 43;
const SECRET_BYTES = 32;
/** The part of a secret the list shows: the prefix and eight characters. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 8;
const SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

function base62(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString("hex")}`);
  let text = "";
  for (let i = 0; i < SECRET_LENGTH; i += 1) {
    text = ALPHABET[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text;
}

export function newApiTokenSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_TOKEN_PREFIX}${base62(randomBytes(SECRET_BYTES))}`;
  return { secret, prefix: secret.slice(0, SHOWN_LENGTH), hash: hashApiTokenSecret(secret) };
}

export const hashApiTokenSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** Whether a bearer credential is meant as an API token (the guard then never reads it as a JWT). */
export const isApiTokenSecret = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/** Whether it has an API token's exact shape: anything else is refused without a query. */
export const hasApiTokenShape = (bearer: string): boolean => SHAPE.test(bearer);
