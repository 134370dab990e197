// POST /api/snagging/{id}/verification (issue 23): the report's creator or a workspace owner accepts
// a resolved report's fix (→ closed) or rejects it with a reason (→ open, counted on the report).
import { type Report, VerificationSchema } from "@sitesnag/shared/snagging";
import { recordVerification } from "../activity/activity.writer";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { conflict, forbidden, notFound } from "../http/errors";
import { notifyVerified } from "../notifications/notifications.service";
import { requireReport } from "../snagging/snagging.access";
import { lockReport, updateReport } from "../snagging/snagging.repository";
import { getReport } from "../snagging/snagging.service";
import { nowSeconds } from "../time";
import { mayVerify } from "./workflow.rules";

export const NOT_VERIFIER = "Only the report's creator or a workspace owner can verify its fix.";
export const NOT_RESOLVED = "Only a report marked resolved is waiting for verification.";

export async function verifyReport(ctx: AppContext, user: UserRow, id: string, body: unknown): Promise<Report> {
  // Workspace first (404), then the role (403), then the body (400), then the state (409).
  const found = await requireReport(ctx, user, id);
  if (!mayVerify(user, found)) throw forbidden(NOT_VERIFIER);
  const { decision, reason } = VerificationSchema.parse(body);
  await ctx.db.transaction().execute(async (trx) => {
    const report = await lockReport(trx, user.workspace_id, id);
    if (!report) throw notFound("Report");
    if (report.status !== "resolved") throw conflict(NOT_RESOLVED);
    const now = nowSeconds();
    const status = decision === "accept" ? "closed" : "open";
    const rejections = report.rejection_count + (decision === "reject" ? 1 : 0);
    await updateReport(trx, user.workspace_id, id, { status, rejection_count: rejections, updated_at: now });
    await notifyVerified(trx, report, decision, user.id, now, decision === "reject" ? (reason ?? null) : null);
    const after = { ...report, status, rejection_count: rejections, version: report.version + 1 } as const;
    await recordVerification(trx, report, after, decision === "reject" ? (reason ?? null) : null, { actor: user, now });
  });
  return getReport(ctx, user, id);
}
