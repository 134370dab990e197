// Keyset pagination helpers (decision 0018). Every paged list orders by (sort key desc, id desc);
// the next page starts strictly after the last row's pair, compared as a row value, which both
// SQLite (3.15+) and PostgreSQL read as an index range on (…, sort key, id).
import { type CursorKey, encodeCursor } from "@sitesnag/shared/pagination";
import { sql } from "kysely";

/** `(sortColumn, idColumn) < (key.sort, key.id)`: the rows after the cursor in descending order. */
export const afterCursor = (sortColumn: string, idColumn: string, key: CursorKey) =>
  sql<boolean>`(${sql.ref(sortColumn)}, ${sql.ref(idColumn)}) < (${key.sort}, ${key.id})`;

/**
 * The page and its next cursor from `size + 1` fetched rows: the extra row only says whether more
 * follow, and is dropped.
 */
export function toPage<T>(
  rows: T[],
  size: number,
  keyOf: (row: T) => CursorKey,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= size) return { rows, nextCursor: null };
  const page = rows.slice(0, size);
  return { rows: page, nextCursor: encodeCursor(keyOf(page[page.length - 1] as T)) };
}

/**
 * The cursor to answer: on a request without `limit` and `cursor` (the unpaged answer SPEC §7
 * specifies) it is left out unless the cap cut the list short, so a workspace under the cap gets
 * exactly the specified envelope.
 */
export const answeredCursor = (
  query: { limit?: number | undefined; cursor?: unknown },
  nextCursor: string | null,
): { nextCursor?: string | null } =>
  query.limit === undefined && query.cursor === undefined && nextCursor === null ? {} : { nextCursor };

/** LIKE pattern of one word, its wildcards escaped (use with `escape '\\'`: SQLite has no default). */
export const likeWord = (word: string): string => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
