// Invitations: an owner makes a link (optionally for one email address) that one person may use
// once within seven days to join the workspace, with a new account or the one they have.
// Only a SHA-256 hash of the token is stored: the link is shown to the owner once, at creation.
import { randomBytes } from "node:crypto";
import type { AuthResponse, Register } from "@sitesnag/shared/auth";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import {
  type CreatedInvitation,
  INVITATION_LIFETIME_SECONDS,
  type Invitation,
  type InvitationInputSchema,
  type InvitationPreview,
} from "@sitesnag/shared/team";
import type { z } from "zod";
import { assertAcceptablePassword, normaliseEmail } from "../auth/auth.service";
import { hashPassword } from "../auth/passwords";
import { issueTokens } from "../auth/token-rotation";
import { hashToken } from "../auth/tokens";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { recordLiveEvent } from "../events/events.writer";
import { AppError, conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { requireSendableAddress } from "../mail/mail-address";
import { recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { presentUser } from "../users/users.presenter";
import { findUserByEmail, findUserById, insertUser } from "../users/users.repository";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { queueInvitationMail } from "./invitation-mail";
import {
  claimInvitation,
  findInvitationByHash,
  findInvitationInWorkspace,
  findPendingInvitations,
  findRecentInvitations,
  insertInvitation,
  renewInvitation,
  revokeInvitation,
} from "./invitations.repository";
import { joinWorkspace, leaveWorkspace, teamEvent } from "./membership-moves";
import { presentInvitation, presentPreview } from "./team.presenter";

export function requireOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden("Only workspace owners can manage the team");
}

export async function listInvitations(ctx: AppContext, user: UserRow): Promise<Invitation[]> {
  requireOwner(user);
  const now = nowSeconds();
  return (await findPendingInvitations(ctx.db, user.workspace_id, now)).map((row) => presentInvitation(row, now));
}

/** Invitations accepted or expired in the last 30 days (revoked ones are gone from view). */
export async function listRecentInvitations(ctx: AppContext, user: UserRow): Promise<Invitation[]> {
  requireOwner(user);
  const now = nowSeconds();
  return (await findRecentInvitations(ctx.db, user.workspace_id, now, now - 30 * 24 * 60 * 60)).map((row) =>
    presentInvitation(row, now),
  );
}

export async function createInvitation(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof InvitationInputSchema>,
): Promise<CreatedInvitation> {
  requireOwner(user);
  // A demo sandbox is deleted after a day, and every account in it with it.
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) {
    throw forbidden("Invitations are not available in the demo workspace");
  }
  const email = input.email ? normaliseEmail(input.email) : null;
  // The address is mailed: one no mail server would take is refused here, before anything is made.
  if (email) requireSendableAddress(email);
  if (email) {
    const existing = await findUserByEmail(ctx.db, email);
    if (existing?.workspace_id === user.workspace_id) throw conflict("This person is already a member of your team");
  }
  // Counted before anything is made: a refused invitation (429) leaves neither a row nor a mail.
  if (email) await ctx.mailLimits.charge(user);
  const token = randomBytes(32).toString("base64url");
  const now = nowSeconds();
  const row = {
    id: newId(),
    workspace_id: user.workspace_id,
    token_hash: hashToken(token),
    email,
    invited_by: user.id,
    created_at: now,
    expires_at: now + INVITATION_LIFETIME_SECONDS,
    accepted_at: null,
    accepted_by: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertInvitation(trx, row);
    if (email) {
      await queueInvitationMail(
        ctx,
        trx,
        { email, token, expiresAt: row.expires_at, workspaceId: row.workspace_id },
        user,
      );
    }
  });
  return {
    invitation: presentInvitation({ ...row, inviter_first_name: user.first_name, inviter_last_name: user.last_name }),
    token,
    emailed: email !== null,
  };
}

/**
 * Sends an invitation again: a new link (the old one stops working) valid for another 7 days,
 * mailed to its address. Works for a pending or an expired invitation with an address.
 */
export async function resendInvitation(ctx: AppContext, user: UserRow, id: string): Promise<CreatedInvitation> {
  requireOwner(user);
  const row = UUID_PATTERN.test(id) ? await findInvitationInWorkspace(ctx.db, user.workspace_id, id) : undefined;
  if (!row || row.revoked_at !== null) throw notFound("Invitation");
  if (row.accepted_at !== null) throw conflict("This invitation has already been accepted");
  if (row.email === null) {
    throw new AppError(400, "This invitation has no email address. Copy a new link by creating another invitation.");
  }
  const email = row.email;
  await ctx.mailLimits.charge(user, 1, row.id);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = nowSeconds() + INVITATION_LIFETIME_SECONDS;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await renewInvitation(trx, row.id, hashToken(token), expiresAt))) {
      throw conflict("This invitation has already been accepted");
    }
    await queueInvitationMail(ctx, trx, { email, token, expiresAt, workspaceId: row.workspace_id }, user);
  });
  return { invitation: presentInvitation({ ...row, expires_at: expiresAt }), token, emailed: true };
}

export async function cancelInvitation(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  requireOwner(user);
  const revoked = UUID_PATTERN.test(id) && (await revokeInvitation(ctx.db, user.workspace_id, id, nowSeconds()));
  if (!revoked) throw notFound("Invitation");
}

/** The invitation behind a token, refused with a reason the accept page can show. */
async function requirePending(ctx: AppContext, token: string) {
  const row = token.length >= 20 ? await findInvitationByHash(ctx.db, hashToken(token)) : undefined;
  if (!row || row.revoked_at !== null) throw notFound("Invitation");
  if (row.accepted_at !== null) throw new AppError(404, "This invitation has already been used");
  if (row.expires_at <= nowSeconds()) throw new AppError(404, "This invitation has expired");
  return row;
}

function requireInvitedAddress(invitation: { email: string | null }, email: string): void {
  if (invitation.email !== null && invitation.email !== normaliseEmail(email)) {
    throw forbidden(`This invitation is for ${invitation.email}. Use that address to accept it.`);
  }
}

export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  return presentPreview(await requirePending(ctx, token));
}

const USED = "This invitation has already been used";

/** The signed-in account joins; leaving another workspace needs the person's confirmation. */
export async function acceptInvitation(
  ctx: AppContext,
  user: UserRow,
  token: string,
  confirmMove: boolean,
): Promise<AuthResponse["user"]> {
  const invitation = await requirePending(ctx, token);
  requireInvitedAddress(invitation, user.email);
  if (invitation.workspace_id === user.workspace_id) throw conflict("You are already a member of this workspace");
  if (!confirmMove) {
    throw new AppError(409, "Joining moves your account out of your current workspace. Please confirm the move.", {
      confirmMove: ["Please confirm the move"],
    });
  }
  const now = nowSeconds();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimInvitation(trx, invitation.id, user.id, now))) throw new AppError(404, USED);
    await leaveWorkspace(trx, user, now);
    await joinWorkspace(trx, user.id, invitation.workspace_id, "member");
  });
  return presentUser((await findUserById(ctx.db, user.id)) as UserRow);
}

/** A new account made straight into the inviting workspace. */
export async function registerWithInvitation(ctx: AppContext, token: string, input: Register): Promise<AuthResponse> {
  const invitation = await requirePending(ctx, token);
  requireInvitedAddress(invitation, input.email);
  assertAcceptablePassword(input.password);
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(ctx.db, email)) throw conflict("An account with this email already exists");
  const passwordHash = await hashPassword(input.password);
  const now = nowSeconds();
  const userId = newId();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertUser(trx, {
      id: userId,
      workspace_id: invitation.workspace_id,
      email,
      password_hash: passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      role: "user",
      workspace_role: "member",
      membership_type: "free",
      membership_start_date: null,
      membership_end_date: null,
      created_at: now,
    });
    if (!(await claimInvitation(trx, invitation.id, userId, now))) throw new AppError(404, USED);
    await recordLiveEvent(trx, teamEvent(invitation.workspace_id, userId, "joined"));
    await recordSecurityEvent(trx, {
      type: "member-added",
      userId,
      workspaceId: invitation.workspace_id,
      details: { role: "member" },
    });
    return row;
  });
  return { user: presentUser(user), ...(await issueTokens(ctx, user.id)) };
}
