import type { Invitation, InvitationPreview } from "@sitesnag/shared/team";
import type { InvitationWithInviter } from "./invitations.repository";

const name = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

type InvitationListRow = InvitationWithInviter & {
  accepter_first_name?: string | null;
  accepter_last_name?: string | null;
};

export const presentInvitation = (row: InvitationListRow, now = Math.floor(Date.now() / 1000)): Invitation => ({
  id: row.id,
  email: row.email,
  invitedByName: name(row.inviter_first_name, row.inviter_last_name),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  state: row.accepted_at !== null ? "accepted" : row.expires_at <= now ? "expired" : "pending",
  acceptedAt: row.accepted_at,
  acceptedByName: name(row.accepter_first_name ?? null, row.accepter_last_name ?? null),
});

export const presentPreview = (row: InvitationWithInviter & { workspace_name: string }): InvitationPreview => ({
  workspaceName: row.workspace_name,
  invitedByName: name(row.inviter_first_name, row.inviter_last_name),
  email: row.email,
  expiresAt: row.expires_at,
});
