// The overview's links into the list (issue 37): `priority`, and open or in-progress reports only
// (`unresolved=1`), past due or due within 7 days (`due`), or of an age bucket (`age`). Read from
// the URL here; applied on the server for a paged list (shared/snagging.ts) and to the loaded list
// below, with the same edges as the overview (shared/analytics.ts).
import {
  AGE_RANGES,
  AGEING_BUCKETS,
  DAY_SECONDS,
  DUE_FILTERS,
  DUE_SOON_DAYS,
} from "@sitesnag/shared/analytics-filters";
import { PRIORITIES } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";

export type InsightFilter = { priority?: string; unresolved?: string; due?: string; age?: string };

const pick = (list: readonly string[], value: string | null) => list.find((v) => v === value);

/** The filters the URL names (an unknown value is no filter), without the empty ones. */
export function readInsightFilter(params: URLSearchParams): InsightFilter {
  const out: InsightFilter = {};
  const priority = pick(PRIORITIES, params.get("priority"));
  if (priority) out.priority = priority;
  if (params.get("unresolved") === "1") out.unresolved = "1";
  const due = pick(DUE_FILTERS, params.get("due"));
  if (due) out.due = due;
  const age = pick(AGEING_BUCKETS, params.get("age"));
  if (age) out.age = age;
  return out;
}

export const hasInsightFilter = (f: InsightFilter) => Boolean(f.priority || f.unresolved || f.due || f.age);

export function matchesInsight(r: Report, f: InsightFilter, now: number): boolean {
  if (f.priority && r.priority !== f.priority) return false;
  if (!(f.unresolved || f.due || f.age)) return true;
  if (r.status !== "open" && r.status !== "in-progress") return false;
  if (f.due === "overdue" && !(r.dueDate !== null && r.dueDate < now)) return false;
  if (f.due === "soon" && !(r.dueDate !== null && r.dueDate >= now && r.dueDate < now + DUE_SOON_DAYS * DAY_SECONDS))
    return false;
  const range = f.age ? AGE_RANGES[f.age as keyof typeof AGE_RANGES] : undefined;
  if (range) {
    const [newest, oldest] = range;
    if (oldest !== null && r.createdAt <= now - oldest * DAY_SECONDS) return false;
    if (newest > 0 && r.createdAt > now - newest * DAY_SECONDS) return false;
  }
  return true;
}
