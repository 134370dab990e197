/**
 * Which unique constraint a failed insert hit, on either database, as "table.constraint-ish" text
 * to match against (PostgreSQL names the constraint; SQLite names the table and columns).
 */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code === "23505") return e.constraint ?? "";
  if (typeof e?.code === "string" && e.code.startsWith("SQLITE_CONSTRAINT_") && /UNIQUE|PRIMARYKEY/.test(e.code)) {
    return e.message ?? "";
  }
  return null;
}
