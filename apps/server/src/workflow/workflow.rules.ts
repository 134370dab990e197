// The fix → verify → close rules (issue 23), enforced inside the change's transaction against the
// report's project: "Require evidence to close" (resolved needs a new fix photo in the same change)
// and "Verified closing" (only the report's creator or a workspace owner may close). Both are off by
// default, so SPEC's free choice of status stays the default.
import type { Transaction } from "kysely";
import type { Database, ReportRow, UserRow } from "../db/schema";
import { AppError, badRequest, forbidden } from "../http/errors";

export const EVIDENCE_NEEDED =
  "This project needs a photo of the fix to mark a report resolved: add one with the change.";
export const CLOSING_NOT_ALLOWED = "On this project only the report's creator or a workspace owner can close it.";

export const mayVerify = (user: UserRow, report: Pick<ReportRow, "created_by">): boolean =>
  report.created_by === user.id || user.workspace_role === "owner";

const settingsOf = (trx: Transaction<Database>, projectId: string) =>
  trx
    .selectFrom("projects")
    .select(["require_evidence_to_close", "verified_closing"])
    .where("id", "=", projectId)
    .executeTakeFirst();

/** Throws (and so rolls the change back) when the new status breaks a rule of the project. */
export async function enforceWorkflow(
  trx: Transaction<Database>,
  user: UserRow,
  before: ReportRow,
  status: ReportRow["status"],
  fixPhotos: number,
): Promise<void> {
  if (status === before.status || (status !== "resolved" && status !== "closed")) return;
  const settings = await settingsOf(trx, before.project_id);
  if (!settings) throw new AppError(404, "Report not found");
  if (status === "resolved" && settings.require_evidence_to_close === 1 && fixPhotos === 0) {
    throw badRequest(EVIDENCE_NEEDED, { images: [EVIDENCE_NEEDED] });
  }
  if (status === "closed" && settings.verified_closing === 1 && !mayVerify(user, before)) {
    throw forbidden(CLOSING_NOT_ALLOWED);
  }
}
