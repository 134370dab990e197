// One notification as a sentence in the reader's language (issue 35): the bell's `message` (in
// English, notifications.presenter.ts) and the notification email (in the recipient's language)
// say the same thing from this one place.
import { STATUS_LABEL_IDS } from "../i18n/labels";
import type { Translator } from "../i18n/translate";
import type { NotificationWithActor } from "./notifications.repository";

/** A rejection's reason is quoted in the sentence, bounded so the bell and mail stay readable. */
const REASON_MAX = 200;
const bounded = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1).trimEnd()}…` : text);

/** Who did it: a person's name, else the share link it came through (issue 27), else null. */
export function notificationActor(row: NotificationWithActor, t: Translator): string | null {
  const linkName = row.actor_id === null && row.kind !== "fix_rejected" ? row.detail : null;
  const person =
    row.actor_first_name === null && row.actor_last_name === null
      ? null
      : `${row.actor_first_name ?? ""} ${row.actor_last_name ?? ""}`.trim();
  return person ?? (linkName ? t("mail.notification.linkActor", { name: linkName }) : null);
}

export function notificationSentence(row: NotificationWithActor, t: Translator): string {
  // `detail` (migration 0023): a rejection's reason, or the link a fix came through; null on rows
  // made before it that had neither.
  const reason = row.kind === "fix_rejected" ? row.detail?.replace(/\s+/g, " ").trim() : undefined;
  const values = {
    actor: notificationActor(row, t) ?? t("mail.notification.someone"),
    report: row.report_title,
  };
  switch (row.kind) {
    case "assigned":
      return t("mail.notification.assigned", values);
    case "mention":
      return t("mail.notification.mention", values);
    case "fix_awaiting_verification":
      return t("mail.notification.fixAwaiting", values);
    case "fix_accepted":
      return t("mail.notification.fixAccepted", values);
    case "fix_rejected":
      return reason
        ? t("mail.notification.fixRejectedReason", { ...values, reason: bounded(reason) })
        : t("mail.notification.fixRejected", values);
    default:
      return t("mail.notification.status", {
        ...values,
        status: row.status ? t(STATUS_LABEL_IDS[row.status]) : t("mail.notification.newStatus"),
      });
  }
}
