// The invitation email (issue 26): sent when an invitation names an address, and again on resend.
// The owner still sees the link to copy; the mail carries the same link. The invitee may have no
// account yet, so no language of their own: the mail speaks the inviter's (issue 35), who chose
// to invite them and most likely shares a language with their team.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, UserRow } from "../db/schema";
import { formatDayIn } from "../format";
import { translatorFor } from "../i18n/translate";
import { headerText } from "../mail/mail-address";
import { findWorkspaceName } from "./invitations.repository";

export async function queueInvitationMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  invitation: { email: string; token: string; expiresAt: number; workspaceId: string },
  inviter: Pick<UserRow, "first_name" | "last_name" | "email" | "locale">,
): Promise<void> {
  const workspace = await findWorkspaceName(trx, invitation.workspaceId);
  // Names may hold line breaks (they are allowed in the profile): one line here, in body and subject.
  const inviterName = headerText(`${inviter.first_name} ${inviter.last_name}`, 200);
  const link = `${ctx.config.mail.publicUrl}/invite/${invitation.token}`;
  const locale = toLocale(inviter.locale);
  const t = translatorFor(locale);
  const names = { inviter: inviterName, workspace, product: PRODUCT_NAME };
  await ctx.mail.queue(
    {
      to: invitation.email,
      locale,
      subject: t("mail.invitation.subject", names),
      text: [
        t("mail.greetingNoName"),
        t("mail.invitation.body", names),
        t("mail.invitation.accept", { email: invitation.email, date: formatDayIn(locale, invitation.expiresAt) }),
        link,
      ].join("\n\n"),
      reason: t("mail.invitation.reason", { ...names, email: inviter.email }),
    },
    trx,
  );
}
