// The one call other features use to send an email (share links, issue 27; anything later):
//   await queueMail(ctx, { to, subject, text, html?, reason }, trx?)
// The message goes into the outbox (in `trx` when given, so it commits with the change that
// caused it) and is sent by the mail scheduler with retries (mailer.ts). `reason` is the footer's
// sentence saying why this person gets it. An address no mail server would take is refused with
// a 400 AppError ("That email address cannot receive mail. Please check it.").
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import type { MailMessage } from "./mailer";

export type { MailMessage };

export function queueMail(
  ctx: AppContext,
  message: MailMessage,
  trx?: Kysely<Database> | Transaction<Database>,
): Promise<string> {
  return ctx.mail.queue(message, trx);
}
