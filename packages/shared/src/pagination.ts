// Cursor pagination shared by every list (DESIGN §4, decision 0018). A cursor is opaque to clients:
// base64url of the JSON pair [sort key, id] of the last row of the page before. Lists are ordered by
// (sort key desc, id desc), so a row inserted while someone pages (always newer) lands before the
// first page and never shifts, repeats or hides a row of the pages still to come.
import { z } from "zod";

/** Rows per page when `cursor` is given without `limit`. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
/**
 * A list asked for without `limit` or `cursor` answers every row, as SPEC §7 specifies, up to this
 * many; beyond it the answer stops there and carries `nextCursor` for the rest.
 */
export const UNPAGED_LIST_CAP = 1000;

export const INVALID_CURSOR = "The cursor is not valid: pass back the nextCursor of the previous page unchanged";

/** Every list sorts by a time in epoch seconds, then by id. */
export type CursorKey = { sort: number; id: string };

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string): string => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export const encodeCursor = (key: CursorKey): string => toBase64Url(JSON.stringify([key.sort, key.id]));

/** The key a cursor holds, or null when it is not one this API made. */
export function decodeCursor(cursor: string): CursorKey | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(cursor));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [sort, id] = value as unknown[];
    if (typeof sort !== "number" || !Number.isSafeInteger(sort)) return null;
    if (typeof id !== "string" || !/^[0-9a-f-]{1,64}$/i.test(id)) return null;
    return { sort, id };
  } catch {
    return null;
  }
}

/** `cursor` query parameter: decoded and checked here, so a route only ever sees a valid key. */
export const CursorSchema = z.string({ error: INVALID_CURSOR }).transform((value, ctx) => {
  const key = decodeCursor(value);
  if (!key) {
    ctx.addIssue({ code: "custom", message: INVALID_CURSOR });
    return z.NEVER;
  }
  return key;
});

export const LimitSchema = z.coerce
  .number({ error: `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .int(`Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
  .min(1, `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
  .max(PAGE_LIMIT_MAX, `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`);

/** The `limit` and `cursor` query parameters every paged list accepts. */
export const PageQuerySchema = z.object({
  limit: LimitSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/** Rows to fetch for a request: the page size, or the cap when the caller asked for no page. */
export const pageSize = (query: PageQuery): number =>
  query.limit ?? (query.cursor ? PAGE_LIMIT_DEFAULT : UNPAGED_LIST_CAP);

/** `nextCursor` in every list answer: null on the last page. */
export type Paged<T> = T & { nextCursor: string | null };
