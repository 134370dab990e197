// The figures the weekly report prints: the project's overview as the dashboard shows it (the
// analytics service, so the PDF and the Overview tab never disagree), and the reports closed since
// the last report for its "closed since" section.
import type { Overview } from "@sitesnag/shared/analytics";
import { overview } from "../analytics/analytics.service";
import type { AppContext } from "../context";

export type WeeklyFigures = Pick<Overview, "counts" | "weekly" | "ageing"> & {
  /** Reports closed at or after `since`, newest first (ids), for "closed since the last report". */
  closedSince: string[];
};

export async function weeklyFigures(
  ctx: AppContext,
  workspaceId: string,
  projectId: string,
  since: number,
  now: number,
): Promise<WeeklyFigures> {
  const [figures, closed] = await Promise.all([
    overview(ctx, workspaceId, { projectId }, now),
    ctx.db
      .selectFrom("snagging_reports")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where("project_id", "=", projectId)
      .where("status", "=", "closed")
      .where("updated_at", ">=", since)
      .orderBy("updated_at", "desc")
      .orderBy("id")
      .execute(),
  ]);
  const { counts, weekly, ageing } = figures;
  return { counts, weekly, ageing, closedSince: closed.map((c) => c.id) };
}
