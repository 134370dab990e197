// The email that carries a share link to the person it is for (issue 27, decision 0034): queued in
// the link's own transaction, so there is a mail exactly when there is a link. The token travels
// in the message and is removed from the outbox's stored copy once it is sent (`secret`). The
// person it is for may have no account: the mail speaks the sender's language (issue 35); the
// page the link opens follows the reader's browser.
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, ProjectRow, UserRow } from "../db/schema";
import { formatDayIn } from "../format";
import { translatorFor } from "../i18n/translate";
import { queueMail } from "../mail/queue-mail";

type LinkMail = { to: string; toName: string; url: string; token: string; expiresAt: number };

export async function queueShareLinkMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  sender: UserRow,
  project: ProjectRow,
  mail: LinkMail,
): Promise<void> {
  const from = `${sender.first_name} ${sender.last_name}`.trim() || sender.email;
  const locale = toLocale(sender.locale);
  const t = translatorFor(locale);
  const names = { sender: from, project: project.name };
  await queueMail(
    ctx,
    {
      to: mail.to,
      toName: mail.toName,
      locale,
      subject: t("mail.share.subject", names),
      text: [
        t("mail.share.intro", names),
        `${t("mail.share.open")}\n${mail.url}`,
        t("mail.share.body", { date: formatDayIn(locale, mail.expiresAt) }),
      ].join("\n\n"),
      reason: t("mail.share.reason", { sender: from, email: sender.email }),
      secret: mail.token,
    },
    trx,
  );
}
