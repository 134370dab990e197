import type { Notification } from "@sitesnag/shared/notifications";
import { translatorFor } from "../i18n/translate";
import { notificationActor, notificationSentence } from "./notification-sentence";
import type { NotificationWithActor } from "./notifications.repository";

// The bell's sentence stays English here, as the app has always shown it; the email says the same
// in its recipient's language (notification-mail.jobs.ts).
const english = translatorFor("en-GB");

export function presentNotification(row: NotificationWithActor): Notification {
  return {
    id: row.id,
    kind: row.kind,
    reportId: row.report_id,
    reportTitle: row.report_title,
    status: row.status,
    actorName: notificationActor(row, english),
    message: notificationSentence(row, english),
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
}
