// Notification mail preferences (profile page) and unsubscribing from an email's link.

import type { Locale } from "@sitesnag/shared/i18n/locales";
import {
  defaultMailMode,
  type MailMode,
  type MailPreferences,
  NOTIFICATION_MAIL_KINDS,
  type Unsubscribed,
} from "@sitesnag/shared/notification-mail";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, badRequest } from "../http/errors";
import { translatorFor } from "../i18n/translate";
import { findUserById } from "../users/users.repository";
import { removeRecipient } from "../weekly-report/weekly-report.repository";
import { WEEKLY_REPORT_UNSUBSCRIBE } from "../weekly-report/weekly-report.send";
import { kindLabel } from "./kind-label";
import { ensureMailSettings, findMailSettings, findPreferences, savePreferences } from "./notification-mail.repository";

export const UNSUBSCRIBE_INVALID =
  "This unsubscribe link is not valid. Change your email settings on your profile page.";

/** Each listed kind's mode (the default where none was chosen) and the person's time zone. */
export async function getMailPreferences(ctx: AppContext, userId: string): Promise<MailPreferences> {
  const [rows, settings] = await Promise.all([findPreferences(ctx.db, userId), findMailSettings(ctx.db, userId)]);
  const chosen = new Map(rows.map((row) => [row.kind, row.mode]));
  return {
    timeZone: settings?.time_zone ?? "UTC",
    preferences: Object.fromEntries(NOTIFICATION_MAIL_KINDS.map((k) => [k.kind, chosen.get(k.kind) ?? k.defaultMode])),
  };
}

export async function setMailPreferences(
  ctx: AppContext,
  user: UserRow,
  input: MailPreferences,
): Promise<MailPreferences> {
  const entries = Object.entries(input.preferences) as [string, MailMode][];
  for (const [kind, mode] of entries) {
    const known = NOTIFICATION_MAIL_KINDS.find((k) => k.kind === kind);
    if (known && !known.modes.includes(mode)) {
      throw badRequest(`${known.label} can be sent as ${known.modes.join(" or ")} only`, {
        [`preferences.${kind}`]: [`${known.label} can be sent as ${known.modes.join(" or ")} only`],
      });
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await ensureMailSettings(trx, user.id, input.timeZone);
    await savePreferences(trx, user.id, entries);
  });
  return getMailPreferences(ctx, user.id);
}

/**
 * What an unsubscribe token stops: one kind, or everything the daily digest carries, or a typed
 * address's weekly report. `stopped` names it in `locale` (the reader's: the page's visitor); `what`
 * says which, so the page writes its whole sentence in its own language.
 */
export async function unsubscribe(ctx: AppContext, token: string, locale: Locale = "en-GB"): Promise<Unsubscribed> {
  const t = translatorFor(locale);
  const target = ctx.mail.unsubscribeTokens.verify(token);
  // A typed address on a project's weekly report (issue 37): the token names its recipient row.
  if (target?.what === WEEKLY_REPORT_UNSUBSCRIBE) {
    const email = await removeRecipient(ctx.db, target.userId);
    if (!email) throw new AppError(400, UNSUBSCRIBE_INVALID);
    return { stopped: t("mail.unsubscribe.weeklyReport"), email, what: "weekly_report" };
  }
  const user = target ? await findUserById(ctx.db, target.userId) : undefined;
  if (!target || !user) throw new AppError(400, UNSUBSCRIBE_INVALID);
  if (target.what === "digest") {
    const current = await getMailPreferences(ctx, user.id);
    const off = Object.entries(current.preferences)
      .filter(([, mode]) => mode === "digest")
      .map(([kind]) => [kind, "off"] as [string, MailMode]);
    await savePreferences(ctx.db, user.id, off);
    return { stopped: t("mail.unsubscribe.digest"), email: user.email, what: "digest" };
  }
  const kind = NOTIFICATION_MAIL_KINDS.find((k) => k.kind === target.what);
  await savePreferences(ctx.db, user.id, [[target.what, "off"]]);
  return kind
    ? { stopped: t("mail.unsubscribe.kind", { kind: kindLabel(kind.kind, t) }), email: user.email, what: kind.kind }
    : { stopped: t("mail.unsubscribe.other"), email: user.email, what: "other" };
}

export const modeOrDefault = (mode: MailMode | undefined, kind: string): MailMode => mode ?? defaultMailMode(kind);
