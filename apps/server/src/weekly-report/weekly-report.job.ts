// The scheduled weekly reports, a job of the mail queue's schedule (mail/mailer.ts addJob) on every
// instance. Guarantees (decision 0065):
// - Once per period across instances: a report time's period (its local date) is claimed by an
//   insert on the unique (project_id, period) of weekly_report_runs; the instance whose insert
//   lands renders and queues it; the others see the row and skip.
// - Survives a restart: nothing is kept in memory. On each check, a schedule whose latest report
//   time has passed (and is not before the schedule was last switched on or moved) and whose period
//   has no sent run is due, so a report due while every instance was down goes out once when one
//   comes back (only the latest: a missed week is not sent twice).
// - A run claimed by an instance that died before it was sent is taken over after its lease.
import { DEFAULT_REPORT_TIME_ZONE } from "@sitesnag/shared/weekly-report";
import type { AppContext } from "../context";
import { findProject } from "../projects/projects.repository";
import { nowSeconds } from "../time";
import { latestReportTime } from "./weekly-report.clock";
import { findEnabledSchedules, findRun } from "./weekly-report.repository";
import { sendReport } from "./weekly-report.send";

/** Sends every report due at `now` (epoch seconds); answers how many reports went out. */
export async function sendDueWeeklyReports(ctx: AppContext, now = nowSeconds()): Promise<number> {
  let sent = 0;
  for (const schedule of await findEnabledSchedules(ctx.db)) {
    const { period, at } = latestReportTime(now, {
      dayOfWeek: schedule.day_of_week,
      hour: schedule.hour,
      timeZone: schedule.time_zone || DEFAULT_REPORT_TIME_ZONE,
    });
    if (at < Number(schedule.active_since)) continue;
    const run = await findRun(ctx.db, schedule.project_id, period);
    if (run && (run.status === "sent" || Number(run.lease_until) >= now)) continue;
    const project = await findProject(ctx.db, schedule.workspace_id, schedule.project_id);
    if (!project) continue;
    try {
      if (await sendReport(ctx, project, period, undefined, now)) sent++;
    } catch (err) {
      // Left claimed: taken again after its lease, by this instance or another.
      ctx.log.warn({ err, projectId: project.id, period }, "weekly report not sent; it is tried again later");
    }
  }
  return sent;
}

/** The scheduler's job: the check every WEEKLY_REPORT_CHECK_SECONDS (a minute by default). */
export function weeklyReportJob(ctx: AppContext): () => Promise<void> {
  let lastCheck = 0;
  return async () => {
    if (Date.now() - lastCheck < ctx.config.weeklyReportCheckMs) return;
    lastCheck = Date.now();
    await sendDueWeeklyReports(ctx);
  };
}
