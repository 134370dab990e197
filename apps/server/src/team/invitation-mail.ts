// The invitation email (issue 26): sent when an invitation names an address, and again on resend.
// The owner still sees the link to copy; the mail carries the same link.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, UserRow } from "../db/schema";
import { formatDay } from "../format";
import { headerText } from "../mail/mail-address";
import { findWorkspaceName } from "./invitations.repository";

export async function queueInvitationMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  invitation: { email: string; token: string; expiresAt: number; workspaceId: string },
  inviter: Pick<UserRow, "first_name" | "last_name" | "email">,
): Promise<void> {
  const workspace = await findWorkspaceName(trx, invitation.workspaceId);
  // Names may hold line breaks (they are allowed in the profile): one line here, in body and subject.
  const inviterName = headerText(`${inviter.first_name} ${inviter.last_name}`, 200);
  const link = `${ctx.config.mail.publicUrl}/invite/${invitation.token}`;
  await ctx.mail.queue(
    {
      to: invitation.email,
      subject: `${inviterName} invited you to ${workspace} on ${PRODUCT_NAME}`,
      text: [
        "Hello,",
        `${inviterName} invited you to join the team "${workspace}" on ${PRODUCT_NAME}, where site snags and audits are recorded and followed up.`,
        `Open this link to accept. It works once, for ${invitation.email}, until ${formatDay(invitation.expiresAt)}:`,
        link,
      ].join("\n\n"),
      reason: `You are receiving this because ${inviterName} (${inviter.email}) invited this address to their ${PRODUCT_NAME} team.`,
    },
    trx,
  );
}
