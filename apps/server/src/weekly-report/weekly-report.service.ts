// The weekly report's schedule and "Send now" (issue 37, decision 0065).
// - Everyone in the workspace reads a project's schedule; the workspace owner changes it and sends
//   it (as with trades and deleting projects). Another workspace's project, or a malformed id: 404.
// - Recipients are members of the workspace (by id: anyone else is a 400) and typed addresses.
//   Saving replaces the list in one transaction with the schedule.
// - "Send now" renders the report and queues it at once: `to: "me"` (the default) mails only the
//   caller, a preview that counts as no report; `to: "recipients"` sends the real thing to every
//   recipient and counts as the last report (the next scheduled one lists what closed since).
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { ReportSchedule, ReportScheduleInput, ReportSend, ReportSent } from "@sitesnag/shared/weekly-report";
import { DEFAULT_REPORT_TIME_ZONE } from "@sitesnag/shared/weekly-report";
import type { AppContext } from "../context";
import type { ProjectRow, UserRow } from "../db/schema";
import { badRequest, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { findProject } from "../projects/projects.repository";
import { personName } from "../snag-list/snag-list.groups";
import { nowSeconds } from "../time";
import { nextReportTime } from "./weekly-report.clock";
import { findLastSent, findRecipients, findSchedule, saveSchedule } from "./weekly-report.repository";
import { sendPreview, sendReport } from "./weekly-report.send";

async function requireProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}

function requireOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden("Only the workspace owner can change the weekly report");
}

export async function getReportSchedule(ctx: AppContext, user: UserRow, projectId: string): Promise<ReportSchedule> {
  const project = await requireProject(ctx, user, projectId);
  const [schedule, recipients, last] = await Promise.all([
    findSchedule(ctx.db, project.id),
    findRecipients(ctx.db, project.id),
    findLastSent(ctx.db, project.id),
  ]);
  const members = recipients
    .filter((r) => r.user_id !== null && r.user_workspace_id === user.workspace_id)
    .map((r) => ({
      id: r.user_id as string,
      name: personName(r.first_name, r.last_name) || (r.user_email ?? ""),
      email: r.user_email ?? "",
    }));
  const slot = {
    dayOfWeek: schedule?.day_of_week ?? 5,
    hour: schedule?.hour ?? 9,
    timeZone: project.time_zone || DEFAULT_REPORT_TIME_ZONE,
  };
  const enabled = schedule?.enabled === 1;
  return {
    enabled,
    ...slot,
    memberIds: members.map((m) => m.id),
    emails: recipients.flatMap((r) => (r.email ? [r.email] : [])),
    members,
    lastSentAt: last?.sent_at === undefined || last.sent_at === null ? null : Number(last.sent_at),
    nextAt: enabled ? nextReportTime(nowSeconds(), slot) : null,
  };
}

export async function putReportSchedule(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  input: ReportScheduleInput,
): Promise<ReportSchedule> {
  const project = await requireProject(ctx, user, projectId);
  requireOwner(user);
  const memberIds = [...new Set(input.memberIds)];
  const wellFormed = memberIds.filter((id) => UUID_PATTERN.test(id));
  const found =
    wellFormed.length > 0
      ? await ctx.db
          .selectFrom("users")
          .select("id")
          .where("workspace_id", "=", user.workspace_id)
          .where("id", "in", wellFormed)
          .execute()
      : [];
  if (found.length !== memberIds.length) {
    const message = "A recipient must be a member of your workspace";
    throw badRequest(message, { memberIds: [message] });
  }
  const emails = [...new Set(input.emails)];
  if (memberIds.length + emails.length > 50) {
    throw badRequest("At most 50 recipients", { emails: ["At most 50 recipients"] });
  }
  const now = nowSeconds();
  const before = await findSchedule(ctx.db, project.id);
  const moved =
    before?.enabled !== 1 ||
    before.day_of_week !== input.dayOfWeek ||
    before.hour !== input.hour ||
    project.time_zone !== input.timeZone;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("projects")
      .set({ time_zone: input.timeZone })
      .where("id", "=", project.id)
      .where("workspace_id", "=", user.workspace_id)
      .execute();
    await saveSchedule(
      trx,
      {
        project_id: project.id,
        workspace_id: user.workspace_id,
        enabled: input.enabled ? 1 : 0,
        day_of_week: input.dayOfWeek,
        hour: input.hour,
        active_since: moved || !before ? now : before.active_since,
        locale: user.locale,
        updated_at: now,
      },
      [
        ...memberIds.map((id) => ({ id: newId(), user_id: id, email: null, created_at: now })),
        ...emails.map((email) => ({ id: newId(), user_id: null, email, created_at: now })),
      ],
    );
  });
  return getReportSchedule(ctx, user, project.id);
}

export async function sendReportNow(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  body: ReportSend,
): Promise<ReportSent> {
  const project = await requireProject(ctx, user, projectId);
  requireOwner(user);
  if ((body.to ?? "me") === "me") return sendPreview(ctx, project, user);
  const sent = await sendReport(ctx, project, `now-${newId()}`, user);
  if (!sent) throw badRequest("The weekly report has no recipients yet. Add some and save first.");
  return sent;
}
