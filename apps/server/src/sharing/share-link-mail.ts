// The email that carries a share link to the person it is for (issue 27, decision 0034): queued in
// the link's own transaction, so there is a mail exactly when there is a link. The token travels
// in the message and is removed from the outbox's stored copy once it is sent (`secret`).
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, ProjectRow, UserRow } from "../db/schema";
import { formatDay } from "../format";
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
  await queueMail(
    ctx,
    {
      to: mail.to,
      toName: mail.toName,
      subject: `${from} shared snags on ${project.name} with you`,
      text: [
        `${from} has shared snags on ${project.name} with you.`,
        `Open them on your phone, no account needed:\n${mail.url}`,
        `For each one you can see what and where it is, and mark it fixed with a photo and a note. The link works until ${formatDay(mail.expiresAt)}.`,
      ].join("\n\n"),
      reason: `You are receiving this because ${from} (${sender.email}) sent you a link to these snags.`,
      secret: mail.token,
    },
    trx,
  );
}
