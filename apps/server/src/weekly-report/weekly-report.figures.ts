// The figures the weekly report prints, in the shape of GET /api/analytics/overview (issue 37's
// contract) so the analytics service can take this file's place: one small function over simple
// queries of one project. Definitions: open = open or in progress; awaiting verification =
// resolved (a fix waiting to be accepted); closed = closed, at its last change (updated_at);
// overdue = open with a due date passed; due soon = open and due within 7 days; weeks start on
// Monday (UTC), the last 12 ending with the current one; ageing from the day it was reported.
import type { Priority } from "@sitesnag/shared/enums";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

const DAY = 24 * 60 * 60;
const WEEK = 7 * DAY;
export const DUE_SOON_DAYS = 7;
export const WEEKS = 12;
export const AGEING_BUCKETS = [
  { bucket: "0-7", max: 7 },
  { bucket: "8-30", max: 30 },
  { bucket: "31-90", max: 90 },
  { bucket: "90+", max: Number.POSITIVE_INFINITY },
] as const;

export type WeeklyFigures = {
  counts: { open: number; overdue: number; dueSoon: number; awaitingVerification: number; total: number };
  weekly: { weekStart: number; opened: number; closed: number; open: number }[];
  ageing: ({ bucket: string } & Record<Priority, number>)[];
  /** Reports closed at or after `since`, newest first (ids), for "closed since the last report". */
  closedSince: string[];
};

const isOpen = (status: string) => status === "open" || status === "in-progress";

/** Monday 00:00 UTC of the week holding `at`. */
const weekStartOf = (at: number) => {
  const day = Math.floor(at / DAY);
  const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday: Monday = 0
  return (day - weekday) * DAY;
};

export async function weeklyFigures(
  db: Q,
  workspaceId: string,
  projectId: string,
  since: number,
  now: number,
): Promise<WeeklyFigures> {
  const rows = await db
    .selectFrom("snagging_reports")
    .select(["id", "status", "priority", "due_date", "created_at", "updated_at"])
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .execute();
  const counts = { open: 0, overdue: 0, dueSoon: 0, awaitingVerification: 0, total: rows.length };
  const ageing = AGEING_BUCKETS.map((b) => ({ bucket: b.bucket, critical: 0, high: 0, medium: 0, low: 0 }));
  const firstWeek = weekStartOf(now) - (WEEKS - 1) * WEEK;
  const weekly = Array.from({ length: WEEKS }, (_, i) => ({
    weekStart: firstWeek + i * WEEK,
    opened: 0,
    closed: 0,
    open: 0,
  }));
  const closed: { id: string; at: number }[] = [];
  for (const r of rows) {
    const created = Number(r.created_at);
    const changed = Number(r.updated_at);
    const due = r.due_date === null ? null : Number(r.due_date);
    if (isOpen(r.status)) {
      counts.open += 1;
      if (due !== null && due < now) counts.overdue += 1;
      else if (due !== null && due <= now + DUE_SOON_DAYS * DAY) counts.dueSoon += 1;
      const days = Math.floor((now - created) / DAY);
      const bucket = ageing[AGEING_BUCKETS.findIndex((b) => days <= b.max)];
      if (bucket) bucket[r.priority] += 1;
    }
    if (r.status === "resolved") counts.awaitingVerification += 1;
    const closedAt = r.status === "closed" ? changed : null;
    if (closedAt !== null && closedAt >= since) closed.push({ id: r.id, at: closedAt });
    for (const week of weekly) {
      const end = week.weekStart + WEEK;
      if (created >= week.weekStart && created < end) week.opened += 1;
      if (closedAt !== null && closedAt >= week.weekStart && closedAt < end) week.closed += 1;
      if (created < end && (closedAt === null || closedAt >= end)) week.open += 1;
    }
  }
  closed.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
  return { counts, weekly, ageing, closedSince: closed.map((c) => c.id) };
}
