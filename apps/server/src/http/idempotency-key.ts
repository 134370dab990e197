import { badRequest } from "./errors";

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header (DESIGN §4), or undefined; 400 when it is not 1 to 255 visible ASCII. */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !IDEMPOTENCY_KEY.test(header)) {
    throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters");
  }
  return header;
}
