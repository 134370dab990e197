// The notification mail jobs, run by the mail scheduler on every instance (mail/mailer.ts addJob).
// - Instant: every notification not yet looked at is claimed by one conditional UPDATE (so one
//   instance decides it) as instant (mailed now), digest (waits for the daily digest) or off, by
//   the recipient's choice for its kind. Generic by kind: a new kind is mailed with the sentence
//   the notifications presenter gives it, by default in the digest.
// - Daily digest: once a minute, for each time zone in use whose local hour is MAIL_DIGEST_HOUR,
//   each person whose digest for today has not gone out is claimed (one instance wins the day)
//   and sent one message: their open items overdue (up to 30 days) then due within 7 days, and
//   the notifications waiting for the digest. Nothing to say: no message.
// - Each message is written in its recipient's language (`users.locale`, issue 35).
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { formatDayIn } from "../format";
import { PRIORITY_LABEL_IDS } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { headerText, isSendableAddress } from "../mail/mail-address";
import { escapeHtml } from "../mail/mail-layout";
import { notificationActor, notificationSentence } from "../notifications/notification-sentence";
import type { NotificationWithActor } from "../notifications/notifications.repository";
import { nowSeconds } from "../time";
import { kindLabel } from "./kind-label";
import {
  claimBatch,
  claimDigestDay,
  claimNotification,
  type DigestCandidate,
  findDigestCandidates,
  findDigestNotifications,
  findDueItems,
  findModeFor,
  findTimeZones,
  findUnmailedNotifications,
  markDigested,
  type UnmailedNotification,
} from "./notification-mail.repository";
import { modeOrDefault } from "./notification-mail.service";

const DAY = 24 * 60 * 60;
/** Overdue items are reminded of for this long after their due date, then no more. */
export const OVERDUE_REMINDER_DAYS = 30;
export const DUE_SOON_DAYS = 7;

const reportLink = (ctx: AppContext, reportId: string) => `${ctx.config.mail.publicUrl}/app/snagging/${reportId}`;
/** The footer's link (a page with a button) and the List-Unsubscribe one-click endpoint. */
const unsubscribeLinks = (ctx: AppContext, userId: string, what: string) => {
  const token = ctx.mail.unsubscribeTokens.sign({ userId, what });
  return {
    unsubscribeUrl: `${ctx.config.mail.publicUrl}/unsubscribe?token=${token}`,
    listUnsubscribeUrl: `${ctx.config.mail.publicUrl}/api/mail/unsubscribe?token=${token}`,
  };
};
const sentence = (row: NotificationWithActor, t: Translator) => headerText(notificationSentence(row, t), 300);

async function mailInstant(ctx: AppContext, trx: Transaction<Database>, row: UnmailedNotification): Promise<void> {
  const link = row.report_id ? reportLink(ctx, row.report_id) : `${ctx.config.mail.publicUrl}/app/dashboard`;
  const locale: Locale = toLocale(row.user_locale);
  const t = translatorFor(locale);
  const message = sentence(row as NotificationWithActor, t);
  await ctx.mail.queue(
    {
      to: row.user_email,
      toName: `${row.user_first_name} ${row.user_last_name}`,
      locale,
      subject: `${row.report_title}: ${message}`,
      text: [
        t("mail.greeting", { name: headerText(row.user_first_name, 100) }),
        `${message}.`,
        t("mail.notification.open", { report: row.report_title }),
        link,
      ].join("\n\n"),
      reason: t("mail.notification.reason", { kind: kindLabel(row.kind, t), product: PRODUCT_NAME }),
      ...unsubscribeLinks(ctx, row.user_id, row.kind),
    },
    trx,
  );
}

type BatchLine = { report_id: string | null; report_title: string };
/** At most this many of a batch's reports are listed in its message; the rest are counted. */
const BATCH_LISTED = 50;

/** One sentence for a person's notifications of one kind from one bulk change (decision 0075). */
function batchSentence(row: Pick<NotificationWithActor, "kind">, actor: string, count: number, t: Translator) {
  return row.kind === "assigned"
    ? t("mail.batch.assigned", { actor, count })
    : t("mail.batch.changed", { actor, count, kind: kindLabel(row.kind, t) });
}

const actorOf = (row: NotificationWithActor, t: Translator) =>
  notificationActor(row, t) ?? t("mail.notification.someone");

/** One message for every report of a bulk change this person hears of (instead of one per report). */
async function mailBatch(
  ctx: AppContext,
  trx: Transaction<Database>,
  row: UnmailedNotification,
  lines: readonly BatchLine[],
): Promise<void> {
  const locale: Locale = toLocale(row.user_locale);
  const t = translatorFor(locale);
  const message = headerText(batchSentence(row, actorOf(row as NotificationWithActor, t), lines.length, t), 300);
  const listed = lines.slice(0, BATCH_LISTED).map((l) => {
    const link = l.report_id ? reportLink(ctx, l.report_id) : `${ctx.config.mail.publicUrl}/app/snagging`;
    return `- ${l.report_title}\n  ${link}`;
  });
  const more = lines.length > BATCH_LISTED ? [t("mail.batch.more", { count: lines.length - BATCH_LISTED })] : [];
  await ctx.mail.queue(
    {
      to: row.user_email,
      toName: `${row.user_first_name} ${row.user_last_name}`,
      locale,
      subject: message,
      text: [
        t("mail.greeting", { name: headerText(row.user_first_name, 100) }),
        `${message}.`,
        [...listed, ...more].join("\n"),
      ].join("\n\n"),
      reason: t("mail.notification.reason", { kind: kindLabel(row.kind, t), product: PRODUCT_NAME }),
      ...unsubscribeLinks(ctx, row.user_id, row.kind),
    },
    trx,
  );
}

/** Decides every notification not yet looked at; answers how many were mailed at once. */
export async function mailNewNotifications(ctx: AppContext): Promise<number> {
  let mailed = 0;
  for (;;) {
    const rows = await findUnmailedNotifications(ctx.db, 50);
    for (const row of rows) {
      // A demo sandbox's addresses are made up; a notification from a workspace the person has
      // since left is not theirs to hear about.
      const reachable =
        Number(row.workspace_is_demo) === 0 &&
        row.user_workspace_id === row.workspace_id &&
        isSendableAddress(row.user_email);
      const mode = reachable ? modeOrDefault(await findModeFor(ctx.db, row.user_id, row.kind), row.kind) : "off";
      // The decision and the message commit together: never decided without its mail.
      const queued = await ctx.db.transaction().execute(async (trx) => {
        if (row.batch_id !== null) {
          // A bulk change: this person's notifications of this kind from it, claimed together.
          const lines = await claimBatch(trx, row.batch_id, row.user_id, row.kind, mode);
          if (lines.length === 0) return false;
          if (mode === "instant") await mailBatch(ctx, trx, row, lines);
          return mode === "instant";
        }
        if (!(await claimNotification(trx, row.id, mode))) return false;
        if (mode === "instant") await mailInstant(ctx, trx, row);
        return mode === "instant";
      });
      if (queued) mailed++;
    }
    if (rows.length < 50) return mailed;
  }
}

/** The local calendar day and hour of `at` (epoch seconds) in `timeZone`. */
export function localDayAndHour(at: number, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at * 1000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

type Line = { text: string; link: string };

async function digestFor(ctx: AppContext, person: DigestCandidate, now: number): Promise<boolean> {
  if (!isSendableAddress(person.email)) return false;
  const dueMode = modeOrDefault(await findModeFor(ctx.db, person.id, "due"), "due");
  const [items, notes] = await Promise.all([
    dueMode === "digest"
      ? findDueItems(
          ctx.db,
          person.id,
          person.workspace_id,
          now - OVERDUE_REMINDER_DAYS * DAY,
          now + DUE_SOON_DAYS * DAY,
        )
      : Promise.resolve([]),
    findDigestNotifications(ctx.db, person.id, person.workspace_id),
  ]);
  const locale = toLocale(person.locale);
  const t = translatorFor(locale);
  const overdue: Line[] = [];
  const soon: Line[] = [];
  for (const item of items) {
    const due = item.due_date as number;
    const text = t("mail.digest.item", {
      title: item.title,
      priority: t(PRIORITY_LABEL_IDS[item.priority]),
      date: formatDayIn(locale, due),
    });
    const line = { text, link: reportLink(ctx, item.id) };
    (due < now ? overdue : soon).push(line);
  }
  // A bulk change's notifications of one kind are one entry (decision 0075).
  const batches = new Map<string, NotificationWithActor[]>();
  const changes: Line[] = [];
  for (const n of notes) {
    if (n.batch_id === null) {
      changes.push({
        text: sentence(n, t),
        link: n.report_id ? reportLink(ctx, n.report_id) : `${ctx.config.mail.publicUrl}/app/dashboard`,
      });
      continue;
    }
    const group = `${n.batch_id} ${n.kind}`;
    const members = batches.get(group);
    if (members) {
      members.push(n);
      continue;
    }
    batches.set(group, [n]);
    changes.push({ text: "", link: `${ctx.config.mail.publicUrl}/app/snagging`, batch: group } as Line);
  }
  for (const line of changes as (Line & { batch?: string })[]) {
    const members = line.batch ? batches.get(line.batch) : undefined;
    if (!members) continue;
    const [first] = members as [NotificationWithActor];
    line.text =
      members.length === 1
        ? sentence(first, t)
        : headerText(batchSentence(first, actorOf(first, t), members.length, t), 300);
    if (members.length === 1 && first.report_id) line.link = reportLink(ctx, first.report_id);
  }
  if (overdue.length + soon.length + changes.length === 0) return false;

  const sections: [string, Line[]][] = [
    [t("mail.digest.overdue"), overdue],
    [t("mail.digest.soon"), soon],
    [t("mail.digest.changes"), changes],
  ];
  const present = sections.filter(([, lines]) => lines.length > 0);
  const text = [
    t("mail.greeting", { name: headerText(person.first_name, 100) }),
    t("mail.digest.intro"),
    ...present.map(([title, lines]) => `${title}\n${lines.map((l) => `- ${l.text}\n  ${l.link}`).join("\n")}`),
  ].join("\n\n");
  const html = [
    `<p style="margin:0 0 16px">${escapeHtml(t("mail.greeting", { name: headerText(person.first_name, 100) }))}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(t("mail.digest.intro"))}</p>`,
    ...present.map(
      ([title, lines]) =>
        `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(title)}</h2><ul style="margin:0;padding-left:20px">${lines
          .map(
            (l) =>
              `<li style="margin:0 0 6px"><a href="${escapeHtml(l.link)}" style="color:#1d4ed8">${escapeHtml(l.text)}</a></li>`,
          )
          .join("")}</ul>`,
    ),
  ].join("\n");
  const counts = [
    overdue.length ? t("mail.digest.overdueCount", { count: overdue.length }) : "",
    soon.length ? t("mail.digest.soonCount", { count: soon.length }) : "",
    changes.length ? t("mail.digest.changeCount", { count: changes.length }) : "",
  ].filter(Boolean);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.mail.queue(
      {
        to: person.email,
        toName: `${person.first_name} ${person.last_name}`,
        locale,
        subject: t("mail.digest.subject", { product: PRODUCT_NAME, counts: counts.join(", ") }),
        text,
        html,
        reason: t("mail.digest.reason", { product: PRODUCT_NAME }),
        ...unsubscribeLinks(ctx, person.id, "digest"),
      },
      trx,
    );
    await markDigested(
      trx,
      notes.map((n) => n.id),
    );
  });
  return true;
}

/** Sends the digests due at `now` (epoch seconds); answers how many messages were queued. */
export async function sendDueDigests(ctx: AppContext, now = nowSeconds()): Promise<number> {
  let sent = 0;
  for (const timeZone of await findTimeZones(ctx.db)) {
    const { day, hour } = localDayAndHour(now, timeZone);
    if (hour !== ctx.config.mail.digestHour) continue;
    for (;;) {
      const people = await findDigestCandidates(ctx.db, timeZone, day, 100);
      for (const person of people) {
        if (!(await claimDigestDay(ctx.db, person.id, day))) continue;
        if (await digestFor(ctx, person, now)) sent++;
      }
      if (people.length < 100) break;
    }
  }
  return sent;
}

/** The scheduler's job: instant mail on every tick, the digest check once a minute. */
export function notificationMailJob(ctx: AppContext): () => Promise<void> {
  let lastDigestCheck = 0;
  return async () => {
    await mailNewNotifications(ctx);
    if (Date.now() - lastDigestCheck >= 60_000) {
      lastDigestCheck = Date.now();
      await sendDueDigests(ctx);
    }
  };
}
