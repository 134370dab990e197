// Shared expectations for API answers (DESIGN §4).
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./harness";

/** The answer is the JSON error shape with this status (and message, when given). */
export function expectError(res: LightMyRequestResponse, statusCode: number, message?: string): void {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers["content-type"]).toContain("application/json");
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
  if (message !== undefined) expect(body.message).toBe(message);
}

/** A 400 whose message and per-field details carry the schema's message for `field`. */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string): void {
  expectError(res, 400, message);
  const { details } = res.json() as { details?: Record<string, string[]> };
  expect(details?.[field]).toContain(message);
}

/** Every key anywhere in a JSON value, so a leaked field cannot hide in a nested object. */
export function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

export async function countRows(
  t: TestApp,
  table:
    | "users"
    | "workspaces"
    | "projects"
    | "snagging_reports"
    | "attachments"
    | "refresh_tokens"
    | "idempotency_keys"
    | "sync_applied",
): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
