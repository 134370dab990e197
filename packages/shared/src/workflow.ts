// Fix → verify → close (issue 23), the rule both sides apply. No zod here: the report screen's first
// load imports it.

/** Whether this person may close a report (and verify its fix) on a project with verified closing. */
export const canVerifyReport = (
  user: { id: string; workspaceRole?: string | undefined },
  report: { createdBy: string | null },
): boolean => report.createdBy === user.id || user.workspaceRole === "owner";

/**
 * "Waiting for me": assigned to me and open or in progress, or resolved and waiting for my
 * verification. The server's filter (snagging.repository.ts) says the same in SQL.
 */
export const isWaitingFor = (
  user: { id: string; workspaceRole?: string | undefined },
  report: { assignedTo: string | null; status: string; verifiedClosing?: boolean; createdBy: string | null },
): boolean =>
  (report.assignedTo === user.id && (report.status === "open" || report.status === "in-progress")) ||
  (report.status === "resolved" && report.verifiedClosing === true && canVerifyReport(user, report));
