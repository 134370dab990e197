// A sandbox's sample reports with the history a team would have given them (issue 33): created,
// assigned, moved through the statuses, commented on, and on one a fix rejected and then accepted.
// Written through the product's own history writer (activity/activity.writer.ts) and comment rows,
// inside the sandbox's transaction, so the history reads exactly as the product's own.
import type { Transaction } from "kysely";
import { recordComment, recordCreated, recordEdit, recordVerification } from "../activity/activity.writer";
import { insertComment } from "../comments/comments.repository";
import type { AttachmentRow, Database, ReportRow, UserRow } from "../db/schema";
import { newId } from "../ids";

/** One step of a sample report's life after it was created. */
export type DemoStep =
  | { kind: "assign" }
  | { kind: "status"; to: "in-progress" | "resolved" }
  | { kind: "comment"; text: string }
  | { kind: "verify"; decision: "accept" | "reject"; reason?: string };

/** A report's history as planned (demo.seed.ts): its steps and when each happened (epoch seconds). */
export type DemoHistory = { steps: readonly DemoStep[]; times: readonly number[] };

/** What the steps leave a report at: every step but a comment makes a new version. */
export function afterSteps(steps: readonly DemoStep[]): { version: number; rejection_count: number } {
  return {
    version: 1 + steps.filter((s) => s.kind !== "comment").length,
    rejection_count: steps.filter((s) => s.kind === "verify" && s.decision === "reject").length,
  };
}

/** The steps spread evenly between the report's creation and `now`, the last one before it. */
export const stepTimes = (createdAt: number, now: number, count: number): number[] =>
  Array.from({ length: count }, (_, i) => createdAt + Math.floor(((now - createdAt) * (i + 1)) / (count + 1)));

/**
 * Writes each report's history as the product would have, from the state it was created in (open,
 * unassigned) to the one its row holds, with the sandbox's user as the one who acted.
 */
export async function writeDemoHistory(
  trx: Transaction<Database>,
  reports: readonly (ReportRow & { history: DemoHistory })[],
  attachments: readonly AttachmentRow[],
  user: UserRow,
): Promise<void> {
  for (const { history, ...report } of reports) {
    let state: ReportRow = { ...report, status: "open", assigned_to: null, version: 1, rejection_count: 0 };
    const photos = attachments.filter((a) => a.report_id === report.id).map((a) => a.original_name);
    await recordCreated(trx, state, photos, { actor: user, now: report.created_at });
    for (const [i, step] of history.steps.entries()) {
      const now = history.times[i] ?? report.updated_at;
      const ctx = { actor: user, now };
      if (step.kind === "comment") {
        await insertComment(
          trx,
          {
            id: newId(),
            report_id: report.id,
            workspace_id: report.workspace_id,
            author_id: user.id,
            body: step.text,
            edited_at: null,
            created_at: now,
            mentioned: "[]",
          },
          [],
        );
        await recordComment(trx, state, "comment_added", step.text, ctx);
        continue;
      }
      const next = { ...state, version: state.version + 1, updated_at: now };
      if (step.kind === "verify") {
        const reject = step.decision === "reject";
        const after: ReportRow = {
          ...next,
          status: reject ? "open" : "closed",
          rejection_count: state.rejection_count + (reject ? 1 : 0),
        };
        await recordVerification(trx, state, after, reject ? (step.reason ?? null) : null, ctx);
        state = after;
      } else {
        const after: ReportRow =
          step.kind === "assign" ? { ...next, assigned_to: user.id } : { ...next, status: step.to };
        await recordEdit(trx, { before: state, after, version: after.version }, ctx);
        state = after;
      }
    }
    // The plan's steps must end where the row stands (demo.seed.ts): a sample edited wrongly fails here.
    if (state.status !== report.status || state.version !== report.version)
      throw new Error(`Demo report ${report.title}: its history ends at ${state.status} v${state.version}`);
  }
}
