// Rendering and mailing one weekly report. A report for the recipients belongs to the run row its
// caller claimed (weekly-report.repository.ts claimRun): the PDFs are rendered (one per language
// among the recipients) and stored, then every recipient's message is queued and the run marked
// sent in ONE transaction, so either all of them go out or none and the run can be taken over.
// Members read it in their own language and stop it in the project's settings; typed addresses
// read the language of whoever saved the schedule and get a signed unsubscribe link.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { ReportSent } from "@sitesnag/shared/weekly-report";
import type { AppContext } from "../context";
import type { ProjectRow, UserRow } from "../db/schema";
import { formatDayIn } from "../format";
import { translatorFor } from "../i18n/translate";
import { newId } from "../ids";
import { headerText, isSendableAddress } from "../mail/mail-address";
import type { MailMessage } from "../mail/mailer";
import { personName } from "../snag-list/snag-list.groups";
import { nowSeconds } from "../time";
import type { WeeklyFigures } from "./weekly-report.figures";
import { renderWeeklyReport } from "./weekly-report.pdf";
import { claimRun, findLastSent, findRecipients, findSchedule, markRunSent } from "./weekly-report.repository";

const DAY = 24 * 60 * 60;
/** How long a claimed run is one instance's: far longer than the largest report takes to render. */
export const RUN_LEASE_SECONDS = 15 * 60;
/** This process's name on the runs it claims. */
const INSTANCE = newId();
/** What the unsubscribe token of a typed address names (notification-mail/unsubscribe-token.ts). */
export const WEEKLY_REPORT_UNSUBSCRIBE = "weekly-report";

type Recipient = {
  email: string;
  name?: string | undefined;
  locale: Locale;
  /** A typed address's row id: its unsubscribe link removes it. */
  externalId?: string | undefined;
};

async function recipientsOf(ctx: AppContext, project: ProjectRow): Promise<Recipient[]> {
  const [rows, schedule] = await Promise.all([findRecipients(ctx.db, project.id), findSchedule(ctx.db, project.id)]);
  const typedLocale = toLocale(schedule?.locale);
  const out: Recipient[] = [];
  for (const r of rows) {
    if (r.user_id !== null) {
      // A member who left the workspace no longer gets its reports.
      if (r.user_workspace_id !== project.workspace_id || !r.user_email || !isSendableAddress(r.user_email)) continue;
      out.push({
        email: r.user_email,
        name: personName(r.first_name, r.last_name) ?? undefined,
        locale: toLocale(r.locale),
      });
    } else if (r.email && isSendableAddress(r.email)) {
      out.push({ email: r.email, locale: typedLocale, externalId: r.id });
    }
  }
  return out;
}

const fileName = (project: ProjectRow, now: number) =>
  `weekly-report-${
    project.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "project"
  }-${new Date(now * 1000).toISOString().slice(0, 10)}.pdf`;

function message(
  ctx: AppContext,
  project: ProjectRow,
  to: Recipient,
  figures: WeeklyFigures,
  since: number,
  attachment: { key: string; name: string },
  preview: boolean,
): MailMessage {
  const t = translatorFor(to.locale);
  const link = `${ctx.config.mail.publicUrl}/app/projects/${project.id}`;
  const token = to.externalId
    ? ctx.mail.unsubscribeTokens.sign({ userId: to.externalId, what: WEEKLY_REPORT_UNSUBSCRIBE })
    : undefined;
  const name = headerText(project.name, 120);
  const lines = [
    to.name ? t("mail.greeting", { name: headerText(to.name, 100) }) : "",
    t("mail.weekly.intro", { project: name }),
    t("mail.weekly.figures", {
      open: figures.counts.open,
      overdue: figures.counts.overdue,
      closed: figures.closedSince.length,
      date: formatDayIn(to.locale, since),
    }),
    preview ? t("mail.weekly.preview") : "",
    to.externalId ? "" : `${t("mail.weekly.openProject")}\n${link}`,
  ].filter(Boolean);
  return {
    to: to.email,
    toName: to.name,
    locale: to.locale,
    subject: t(preview ? "mail.weekly.subjectPreview" : "mail.weekly.subject", {
      project: name,
      date: formatDayIn(to.locale, nowSeconds()),
    }),
    text: lines.join("\n\n"),
    reason: to.externalId
      ? t("mail.weekly.reasonExternal", { project: name, product: PRODUCT_NAME })
      : t(preview ? "mail.weekly.reasonPreview" : "mail.weekly.reasonMember", { project: name }),
    attachment,
    ...(token
      ? {
          unsubscribeUrl: `${ctx.config.mail.publicUrl}/unsubscribe?token=${token}`,
          listUnsubscribeUrl: `${ctx.config.mail.publicUrl}/api/mail/unsubscribe?token=${token}`,
        }
      : {}),
  };
}

/** Where the last report to the recipients left off (a week ago when there was none). */
async function sinceOf(ctx: AppContext, project: ProjectRow, now: number): Promise<number> {
  const last = await findLastSent(ctx.db, project.id);
  return last?.sent_at ? Number(last.sent_at) : now - 7 * DAY;
}

/**
 * Claims (project, period) and, if this instance got it, sends the report to every recipient.
 * Answers undefined when another instance has it, it was sent, or there is no one to send to.
 */
export async function sendReport(
  ctx: AppContext,
  project: ProjectRow,
  period: string,
  sender?: UserRow,
  now = nowSeconds(),
): Promise<ReportSent | undefined> {
  const recipients = await recipientsOf(ctx, project);
  if (recipients.length === 0) return undefined;
  const runId = await claimRun(ctx.db, {
    id: newId(),
    projectId: project.id,
    period,
    owner: INSTANCE,
    now,
    leaseUntil: now + RUN_LEASE_SECONDS,
  });
  if (!runId) return undefined;
  const since = await sinceOf(ctx, project, now);
  const producedBy = sender ? personName(sender.first_name, sender.last_name) || sender.email : PRODUCT_NAME;
  const rendered = new Map<Locale, { key: string; figures: WeeklyFigures }>();
  for (const locale of new Set(recipients.map((r) => r.locale))) {
    const { file, figures } = await renderWeeklyReport(ctx, project, { since, now, locale, producedBy });
    const key = `weekly-reports/${project.id}/${runId}-${locale}.pdf`;
    await ctx.storage.putFile(key, file, "application/pdf");
    rendered.set(locale, { key, figures });
  }
  const name = fileName(project, now);
  const sent = await ctx.db.transaction().execute(async (trx) => {
    for (const to of recipients) {
      const file = rendered.get(to.locale) as { key: string; figures: WeeklyFigures };
      await ctx.mail.queue(message(ctx, project, to, file.figures, since, { key: file.key, name }, false), trx);
    }
    const keys = [...rendered.values()].map((r) => r.key).join(",");
    return markRunSent(trx, runId, INSTANCE, nowSeconds(), keys);
  });
  if (!sent) {
    // The lease ran out and another instance took the run over: its messages are the ones that go.
    ctx.log.warn({ projectId: project.id, period }, "weekly report run taken over; this copy dropped");
    return undefined;
  }
  return { queued: recipients.length, to: recipients.map((r) => r.email) };
}

/** "Send now" as a preview: the report as the recipients would get it, to the caller only. */
export async function sendPreview(ctx: AppContext, project: ProjectRow, user: UserRow): Promise<ReportSent> {
  const now = nowSeconds();
  const since = await sinceOf(ctx, project, now);
  const locale = toLocale(user.locale);
  const producedBy = personName(user.first_name, user.last_name) || user.email;
  const { file, figures } = await renderWeeklyReport(ctx, project, { since, now, locale, producedBy });
  const id = newId();
  const key = `weekly-reports/${project.id}/preview-${id}.pdf`;
  await ctx.storage.putFile(key, file, "application/pdf");
  const to: Recipient = { email: user.email, name: producedBy, locale };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("weekly_report_runs")
      .values({
        id,
        project_id: project.id,
        period: `preview-${id}`,
        status: "preview",
        owner: INSTANCE,
        lease_until: now,
        created_at: now,
        sent_at: now,
        file_key: key,
      })
      .execute();
    await ctx.mail.queue(message(ctx, project, to, figures, since, { key, name: fileName(project, now) }, true), trx);
  });
  return { queued: 1, to: [user.email] };
}
