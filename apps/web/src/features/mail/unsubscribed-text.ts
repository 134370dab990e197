// The unsubscribe page's "Done" sentence, whole, in the app's language (issue 35): the server says
// which mail stopped (`what`), the page words it; a kind is named as the profile's email settings
// name it. The server's own `stopped` words are for other readers of the API.
import type { Unsubscribed } from "@sitesnag/shared/notification-mail";
import type { Message } from "../../i18n/i18n";
import { msg, type Translate } from "../../i18n/use-t";

const KIND_NAMES: Record<string, Message> = {
  assigned: msg("auth.mail.assigned"),
  status: msg("auth.mail.status"),
  mention: msg("auth.mail.mention"),
  fix_awaiting_verification: msg("auth.mail.fixAwaiting"),
  fix_accepted: msg("auth.mail.fixAccepted"),
  fix_rejected: msg("auth.mail.fixRejected"),
  due: msg("auth.mail.due"),
};

export function unsubscribedText(t: Translate, { email, what }: Pick<Unsubscribed, "email" | "what">): string {
  if (what === "weekly_report") return t("auth.unsubscribe.done.weeklyReport", { email });
  if (what === "digest") return t("auth.unsubscribe.done.digest", { email });
  const kind = KIND_NAMES[what];
  return kind ? t("auth.unsubscribe.done.kind", { email, kind: t(kind) }) : t("auth.unsubscribe.done.other", { email });
}
