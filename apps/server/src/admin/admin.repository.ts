// Aggregate queries for the admin figures. Each is one statement over indexed columns, so the
// figures stay quick with tens of thousands of users.
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

type UsersEb = ExpressionBuilder<Database & { w: Database["workspaces"] }, "users" | "w">;

/** Accounts in demo sandboxes are visitors, not customers: the figures leave them out. */
const realAccounts = (db: Q) =>
  db.selectFrom("users").innerJoin("workspaces as w", "w.id", "users.workspace_id").where("w.is_demo", "=", 0);

export async function membershipFigures(db: Q, now: number) {
  const row = await realAccounts(db)
    .select((eb: UsersEb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("users.id").filterWhere("users.membership_type", "=", "yearly").as("yearly"),
      eb.fn
        .count<number | string>("users.id")
        .filterWhere((f) =>
          f.and([f("users.membership_type", "=", "yearly"), f("users.membership_end_date", ">=", now)]),
        )
        .as("active_yearly"),
      eb.fn
        .sum<number | string | null>(
          sql<number>`case when ${sql.ref("users.membership_type")} = 'yearly' then ${sql.ref("users.membership_amount")} else 0 end`,
        )
        .as("yearly_revenue"),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    yearly: Number(row.yearly),
    activeYearly: Number(row.active_yearly),
    yearlyRevenue: Math.round(Number(row.yearly_revenue ?? 0) * 100) / 100,
  };
}

export async function countDemoAccounts(db: Q): Promise<number> {
  const row = await db
    .selectFrom("users")
    .innerJoin("workspaces as w", "w.id", "users.workspace_id")
    .where("w.is_demo", "=", 1)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sign-ups per [start, end) range, one filtered count each, in one statement. */
export async function signupsInRanges(db: Q, ranges: { start: number; end: number }[]): Promise<number[]> {
  if (ranges.length === 0) return [];
  const row = await realAccounts(db)
    .select((eb: UsersEb) =>
      ranges.map((r, i) =>
        eb.fn
          .count<number | string>("users.id")
          .filterWhere((f) => f.and([f("users.created_at", ">=", r.start), f("users.created_at", "<", r.end)]))
          .as(`m${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const values = row as Record<string, number | string>;
  return ranges.map((_, i) => Number(values[`m${i}`] ?? 0));
}

export async function reportFigures(db: Q, since: number) {
  const row = await db
    .selectFrom("snagging_reports")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      ...(["open", "in-progress", "resolved", "closed"] as const).map((status) =>
        eb.fn.count<number | string>("id").filterWhere("status", "=", status).as(status),
      ),
      eb.fn.count<number | string>("id").filterWhere("created_at", ">=", since).as("recent"),
    ])
    .executeTakeFirstOrThrow();
  const values = row as Record<string, number | string>;
  return {
    total: Number(values.total),
    open: Number(values.open),
    inProgress: Number(values["in-progress"]),
    resolved: Number(values.resolved),
    closed: Number(values.closed),
    lastThirtyDays: Number(values.recent),
  };
}

export async function countRows(
  db: Q,
  table: "users" | "workspaces" | "projects" | "snagging_reports" | "attachments" | "notifications",
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
