import type { Invitation, InvitationPreview } from "@sitesnag/shared/team";
import type { InvitationWithInviter } from "./invitations.repository";

const name = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

export const presentInvitation = (row: InvitationWithInviter): Invitation => ({
  id: row.id,
  email: row.email,
  invitedByName: name(row.inviter_first_name, row.inviter_last_name),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export const presentPreview = (row: InvitationWithInviter & { workspace_name: string }): InvitationPreview => ({
  workspaceName: row.workspace_name,
  invitedByName: name(row.inviter_first_name, row.inviter_last_name),
  email: row.email,
  expiresAt: row.expires_at,
});
