// Insight's overview (issue 37): where a workspace or one project stands. `overview()` is the one
// computation behind GET /api/analytics/overview, the dashboard and the weekly report's PDF.
// Counts, ageing and the by-trade/assignee/location splits are as of now; the weekly series and the
// average days to resolve cover the date range. Weeks run Monday to Sunday in UTC.
import {
  AGE_RANGES,
  AGEING_BUCKETS,
  addDays,
  DAY_SECONDS,
  DEFAULT_WEEKS,
  DUE_SOON_DAYS,
  dayOf,
  type Overview,
  type OverviewQuery,
  weekStartOf,
} from "@sitesnag/shared/analytics";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { findProject } from "../projects/projects.repository";
import { countReportsByStatus } from "../snagging/snagging.repository";
import { nowSeconds } from "../time";
import { tradeNames } from "../trades/trades.service";
import { rollUpLocations } from "./analytics.locations";
import {
  countOpenedPerWeek,
  countProjectStatuses,
  countResolvedPerWeek,
  findContactNames,
  findMemberNames,
  groupOpenReportsAll,
  MONDAY_SHIFT,
  type Scope,
  sumRejections,
  sumResolveTimes,
  WEEK_SECONDS,
} from "./analytics.repository";

const PROJECTION_WEEKS = 4;

const epochOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const weekIndex = (epoch: number) => Math.floor((epoch + MONDAY_SHIFT) / WEEK_SECONDS);
const assigneeKey = (member: string | null, contact: string | null) =>
  member ? `m:${member}` : contact ? `c:${contact}` : null;

/** Checks first: a project or location that is not the caller's workspace's answers 404, as a missing one. */
async function requireScope(ctx: AppContext, user: UserRow, query: OverviewQuery): Promise<Scope> {
  if (query.projectId !== undefined) {
    const found = UUID_PATTERN.test(query.projectId)
      ? await findProject(ctx.db, user.workspace_id, query.projectId)
      : undefined;
    if (!found) throw notFound("Project");
  }
  return { workspaceId: user.workspace_id, projectId: query.projectId };
}

/** GET /api/analytics/overview */
export async function getOverview(ctx: AppContext, user: UserRow, query: OverviewQuery): Promise<Overview> {
  const scope = await requireScope(ctx, user, query);
  return overview(ctx, user.workspace_id, { ...query, projectId: scope.projectId }, nowSeconds());
}

/**
 * The overview of a workspace, or of one of its projects (the caller has checked it is the
 * workspace's). `now` is a parameter so a report or a test can pin the moment it describes.
 */
export async function overview(
  ctx: AppContext,
  workspaceId: string,
  query: OverviewQuery,
  now: number = nowSeconds(),
): Promise<Overview> {
  const scope: Scope = { workspaceId, projectId: query.projectId };
  const today = dayOf(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(weekStartOf(to), -7 * (DEFAULT_WEEKS - 1));
  const firstWeek = weekIndex(epochOf(weekStartOf(from)));
  const lastWeek = weekIndex(epochOf(weekStartOf(to)));
  const recentSince = now - PROJECTION_WEEKS * 7 * DAY_SECONDS;
  // The open line walks back from now, so the weekly counts run from the range's start to today.
  const since = Math.min(firstWeek * WEEK_SECONDS - MONDAY_SHIFT, recentSince);
  // The moments the first three age buckets end at (the report list's `age` filter uses the same).
  const ageEdges = AGEING_BUCKETS.slice(0, 3).map((b) => now - (AGE_RANGES[b][1] ?? 0) * DAY_SECONDS);
  const soonUntil = now + DUE_SOON_DAYS * DAY_SECONDS;
  const [statuses, openGroups, opened, resolved, resolveTimes, rejections, trades, locations] = await Promise.all([
    // Workspace-wide, from the trigger-kept counts (four rows); a project's, from its tallies.
    scope.projectId === undefined ? countReportsByStatus(ctx.db, workspaceId, {}) : countProjectStatuses(ctx.db, scope),
    groupOpenReportsAll(ctx.db, scope, now, soonUntil, ageEdges),
    countOpenedPerWeek(ctx.db, scope, since, recentSince),
    countResolvedPerWeek(ctx.db, scope, since, recentSince),
    sumResolveTimes(ctx.db, scope, epochOf(from), epochOf(to) + DAY_SECONDS),
    sumRejections(ctx.db, scope),
    tradeNames(ctx.db, workspaceId),
    rollUpLocations(ctx.db, scope, query.locationId),
  ]);
  const { age: byAge, trade: byTradeRows, assignee: byAssigneeRows, location: byLocationRows } = openGroups;
  const status = (s: string) => statuses.find((r) => r.status === s)?.n ?? 0;
  const openNow = status("open") + status("in-progress");

  // Weekly: opened and closed per week of the range; open at each week's end, walked back from now.
  const openedBy = new Map(opened.map((r) => [r.week, r.n]));
  const closedBy = new Map(resolved.map((r) => [r.week, r.n]));
  const weekly: Overview["weekly"] = [];
  let openAtEnd = openNow;
  for (let w = weekIndex(now); w >= firstWeek; w--) {
    if (w <= lastWeek)
      weekly.push({
        weekStart: dayOf(w * WEEK_SECONDS - MONDAY_SHIFT),
        opened: openedBy.get(w) ?? 0,
        closed: closedBy.get(w) ?? 0,
        open: openAtEnd,
      });
    openAtEnd += (closedBy.get(w) ?? 0) - (openedBy.get(w) ?? 0);
  }
  weekly.reverse();

  const sum = (rows: readonly { recent: number }[]) => rows.reduce((n, r) => n + r.recent, 0);
  const netPerWeek = (sum(resolved) - sum(opened)) / PROJECTION_WEEKS;
  const projection =
    openNow === 0
      ? { date: null, converging: true, netPerWeek }
      : netPerWeek <= 0
        ? { date: null, converging: false, netPerWeek }
        : { date: addDays(today, Math.ceil((openNow / netPerWeek) * 7)), converging: true, netPerWeek };

  // The open reports' groups, rolled up per figure.
  const counts = { open: openNow, overdue: 0, dueSoon: 0, awaitingVerification: status("resolved"), total: 0 };
  counts.total = statuses.reduce((n, r) => n + r.n, 0);
  const ageing = AGEING_BUCKETS.map((bucket) => ({ bucket, critical: 0, high: 0, medium: 0, low: 0 }));
  const byTrade = new Map<string, { open: number; overdue: number }>();
  const byAssignee = new Map<string, { open: number; overdue: number }>();
  for (const g of byTradeRows) {
    if (g.due === 1) counts.overdue += g.n;
    if (g.due === 2) counts.dueSoon += g.n;
  }
  for (const g of byAge) {
    const bucket = ageing[g.bucket ?? 0];
    if (
      bucket &&
      (g.priority === "critical" || g.priority === "high" || g.priority === "medium" || g.priority === "low")
    )
      bucket[g.priority] += g.n;
  }
  for (const g of byTradeRows) {
    const key = g.category ?? "";
    const trade = byTrade.get(key) ?? { open: 0, overdue: 0 };
    byTrade.set(key, { open: trade.open + g.n, overdue: trade.overdue + (g.due === 1 ? g.n : 0) });
  }
  for (const g of byAssigneeRows) {
    const key = assigneeKey(g.assigned_to ?? null, g.assigned_contact_id ?? null);
    if (key) {
      const a = byAssignee.get(key) ?? { open: 0, overdue: 0 };
      byAssignee.set(key, { open: a.open + g.n, overdue: a.overdue + (g.due === 1 ? g.n : 0) });
    }
  }
  const locationFigures = locations.present(byLocationRows);

  return {
    range: { from, to },
    counts,
    weekly,
    projection,
    ageing,
    byTrade: [...byTrade]
      .map(([key, v]) => ({ key, name: trades.get(key) ?? key, ...v }))
      .sort((a, b) => b.open - a.open || a.name.localeCompare(b.name)),
    byAssignee: await presentAssignees(ctx, workspaceId, byAssignee, resolveTimes, rejections),
    location: locationFigures.location,
    byLocation: locationFigures.byLocation,
  };
}

/** Names by assignee key: members' first and last names, contacts' names. */
async function assigneeNames(ctx: AppContext, workspaceId: string, keys: readonly string[]) {
  const ids = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(2));
  const [members, contacts] = await Promise.all([
    findMemberNames(ctx.db, workspaceId, ids("m:")),
    findContactNames(ctx.db, workspaceId, ids("c:")),
  ]);
  return new Map([
    ...members.map((m) => [`m:${m.id}`, `${m.first_name} ${m.last_name}`.trim()] as const),
    ...contacts.map((c) => [`c:${c.id}`, c.name] as const),
  ]);
}

type AssigneeRows = { assigned_to: string | null; assigned_contact_id: string | null }[];

async function presentAssignees(
  ctx: AppContext,
  workspaceId: string,
  openBy: ReadonlyMap<string, { open: number; overdue: number }>,
  resolveTimes: Awaited<ReturnType<typeof sumResolveTimes>>,
  rejections: Awaited<ReturnType<typeof sumRejections>>,
): Promise<Overview["byAssignee"]> {
  const keyed = <T extends AssigneeRows[number]>(rows: readonly T[]) =>
    new Map(
      rows.flatMap((r) => {
        const key = assigneeKey(r.assigned_to, r.assigned_contact_id);
        return key ? [[key, r] as const] : [];
      }),
    );
  const times = keyed(resolveTimes);
  const rejected = keyed(rejections);
  const keys = new Set([...openBy.keys(), ...times.keys(), ...rejected.keys()]);
  const named: ReadonlyMap<string, string> = await assigneeNames(ctx, workspaceId, [...keys]);
  return [...keys]
    .flatMap((key) => {
      const name = named.get(key);
      if (name === undefined) return []; // a former member: nobody to chase
      const t = times.get(key);
      return [
        {
          id: key.slice(2),
          kind: key.startsWith("m:") ? ("member" as const) : ("contact" as const),
          name,
          open: openBy.get(key)?.open ?? 0,
          overdue: openBy.get(key)?.overdue ?? 0,
          avgDaysToResolve: t && t.n > 0 ? Math.round((t.total / t.n / DAY_SECONDS) * 10) / 10 : null,
          rejections: rejected.get(key)?.n ?? 0,
        },
      ];
    })
    .sort((a, b) => b.overdue - a.overdue || b.open - a.open || a.name.localeCompare(b.name));
}
