// Who may see and change an audit (issue 25): every member of the workspace sees its audits; only
// the auditor, or an owner of the workspace, changes one. Another workspace's audit and a malformed
// id both answer 404, so existence is never leaked.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, forbidden, notFound } from "../http/errors";
import { type AuditListRow, findAudit } from "./audits.repository";

export async function requireAudit(ctx: AppContext, user: UserRow, id: string): Promise<AuditListRow> {
  const row = UUID_PATTERN.test(id) ? await findAudit(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Audit");
  return row;
}

export const isWorkspaceOwner = (user: UserRow): boolean => user.workspace_role === "owner";

export function requireEditor(user: UserRow, audit: AuditListRow): void {
  if (audit.auditor_id !== user.id && !isWorkspaceOwner(user)) {
    throw forbidden("Only the auditor or a workspace owner can change this audit.");
  }
}

export const LOCKED_MESSAGE =
  "This audit is completed and signed, so it is locked. Start a new revision to change it; the signed one stays readable.";

/** A completed audit is locked: every change needs a new revision first (409, nothing changed). */
export function requireDraft(audit: AuditListRow): void {
  if (audit.status === "completed") throw new AppError(409, LOCKED_MESSAGE);
}
