// The export workbook's figures (issue 37): reports by status and by priority, open and overdue,
// over the same filters as its rows, in one grouped query. One function on purpose: when the
// analytics overview service lands (part 1 of issue 37) this is the one place to swap for it.
import { PRIORITIES, type Priority, REPORT_STATUSES, type ReportStatus } from "@sitesnag/shared/enums";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { type ReportFilters, whereReportFilters } from "./snagging.repository";

export type Figures = { total: number; open: number; overdue: number };
export type ExportOverview = Figures & {
  byStatus: Record<ReportStatus, number>;
  byPriority: Record<Priority, Figures>;
};

const zero = (): Figures => ({ total: 0, open: 0, overdue: 0 });

/** Every figure 0: a selection without reports. */
export const emptyOverview = (): ExportOverview => ({
  ...zero(),
  byStatus: Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>,
  byPriority: Object.fromEntries(PRIORITIES.map((p) => [p, zero()])) as Record<Priority, Figures>,
});

/**
 * `open`: not resolved or closed (open or in progress). `overdue`: open with a due date before
 * `now`, as the snag list counts it (snag-list.groups.ts `isOverdue`).
 */
export async function exportOverview(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
  filters: ReportFilters,
  now: number,
): Promise<ExportOverview> {
  const unresolved = sql<boolean>`r.status in ('open', 'in-progress')`;
  const rows = await whereReportFilters(
    db.selectFrom("snagging_reports as r").where("r.workspace_id", "=", workspaceId),
    filters,
  )
    .select((eb) => [
      "r.status",
      "r.priority",
      eb.fn.countAll<number | string>().as("n"),
      sql<number | string>`sum(case when r.due_date < ${now} and ${unresolved} then 1 else 0 end)`.as("overdue"),
    ])
    .groupBy(["r.status", "r.priority"])
    .execute();
  const out = emptyOverview();
  for (const row of rows) {
    const n = Number(row.n);
    const overdue = Number(row.overdue ?? 0);
    const open = row.status === "open" || row.status === "in-progress" ? n : 0;
    out.byStatus[row.status] += n;
    for (const figures of [out, out.byPriority[row.priority]]) {
      figures.total += n;
      figures.open += open;
      figures.overdue += overdue;
    }
  }
  return out;
}
