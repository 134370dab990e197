// Owners and members manage a project's share links: create (the token is answered once, in the
// URL, and optionally emailed to the person it is for), list (with last use and what happened through each), revoke. Workspace first: another
// workspace's project or link answers 404.
import { contactLabel } from "@sitesnag/shared/contacts";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { ShareLink, ShareLinkCreate, ShareLinkCreated } from "@sitesnag/shared/sharing";
import type { SnagFilter } from "@sitesnag/shared/snag-list";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { newId } from "../ids";
import { checkAssigneeFilter, requireProjectOf } from "../snag-list/snag-list.service";
import { nowSeconds } from "../time";
import { queueShareLinkMail } from "./share-link-mail";
import {
  findProjectShareLinks,
  findShareLink,
  insertShareLink,
  revokeShareLinkRow,
  type ShareLinkListRow,
} from "./share-links.repository";
import { hashShareToken, newShareToken } from "./share-tokens";

const DAY = 86_400;

const name = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

export function parseLinkFilter(json: string): SnagFilter {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" ? (value as SnagFilter) : {};
  } catch {
    return {};
  }
}

function presentShareLink(row: ShareLinkListRow, now: number): ShareLink {
  const expiresAt = Number(row.expires_at);
  const revokedAt = row.revoked_at === null ? null : Number(row.revoked_at);
  return {
    id: row.id,
    name: row.name,
    assigneeId: row.assignee_id,
    assigneeName:
      row.contact_name === null
        ? name(row.assignee_first_name, row.assignee_last_name)
        : contactLabel(row.contact_name, row.contact_company),
    filter: parseLinkFilter(row.filter),
    createdByName: name(row.creator_first_name, row.creator_last_name),
    createdAt: Number(row.created_at),
    expiresAt,
    revokedAt,
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    state: revokedAt !== null ? "revoked" : expiresAt <= now ? "expired" : "active",
    views: Number(row.views ?? 0),
    fixes: Number(row.fixes ?? 0),
  };
}

export async function createShareLink(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  input: ShareLinkCreate,
  origin: string,
): Promise<ShareLinkCreated> {
  const project = await requireProjectOf(ctx, user, projectId);
  const assigneeId = input.assigneeId || null;
  if (assigneeId) await checkAssigneeFilter(ctx, user, { assigneeId });
  const token = newShareToken();
  const now = nowSeconds();
  const row = {
    id: newId(),
    workspace_id: user.workspace_id,
    project_id: project.id,
    name: input.name,
    token_hash: hashShareToken(token),
    assignee_id: assigneeId,
    filter: JSON.stringify(input.filter ?? {}),
    created_by: user.id,
    created_at: now,
    expires_at: now + input.expiresInDays * DAY,
    revoked_at: null,
    last_used_at: null,
  };
  const url = `${origin}/s/${token}`;
  const sendTo = input.sendTo?.toLowerCase() || null;
  // Mail to an address of the caller's choosing is capped (mail/mail-limits.ts): refused, no link.
  if (sendTo) await ctx.mailLimits.charge(user);
  // The link and its mail commit together: a refused address (400) leaves no link behind.
  await ctx.db.transaction().execute(async (trx) => {
    await insertShareLink(trx, row);
    if (sendTo)
      await queueShareLinkMail(ctx, trx, user, project, {
        to: sendTo,
        toName: input.name,
        url,
        token,
        expiresAt: row.expires_at,
      });
  });
  return { id: row.id, url, expiresAt: row.expires_at, emailedTo: sendTo };
}

export async function listShareLinks(ctx: AppContext, user: UserRow, projectId: string): Promise<ShareLink[]> {
  const project = await requireProjectOf(ctx, user, projectId);
  const now = nowSeconds();
  return (await findProjectShareLinks(ctx.db, user.workspace_id, project.id)).map((row) => presentShareLink(row, now));
}

/** Revoking twice is fine (the first time stands); another workspace's link is not found. */
export async function revokeShareLink(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const link = UUID_PATTERN.test(id) ? await findShareLink(ctx.db, user.workspace_id, id) : undefined;
  if (!link) throw notFound("Share link");
  await revokeShareLinkRow(ctx.db, user.workspace_id, id, nowSeconds());
}
