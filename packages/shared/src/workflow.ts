// Fix → verify → close (issue 23), the rule both sides apply. No zod here: the report screen's first
// load imports it.

/** Whether this person may close a report (and verify its fix) on a project with verified closing. */
export const canVerifyReport = (
  user: { id: string; workspaceRole?: string | undefined },
  report: { createdBy: string | null },
): boolean => report.createdBy === user.id || user.workspaceRole === "owner";
