// GET /api/audits/{id}/overwrites (decision 0038): the caller's answers that another person's
// replaced, or that lost (made offline) to a newer one, derived from the answer history like the
// reports' notices (activity.service.ts): the newest change of each item's field decides, so a
// notice goes once that field changes again (a Restore, or anyone's later answer).
import {
  ANSWER_FIELD_LABELS,
  type AnswerField,
  type AuditOverwrite,
  answerText,
} from "@sitesnag/shared/audit-overwrites";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { requireAudit } from "./audits.access";
import type { StoredAnswerChange } from "./audits.merge";
import { findAnswers, findHistory } from "./audits.repository";

export async function auditOverwrites(ctx: AppContext, user: UserRow, id: string): Promise<AuditOverwrite[]> {
  const audit = await requireAudit(ctx, user, id);
  const [rows, answers] = await Promise.all([findHistory(ctx.db, audit.id), findAnswers(ctx.db, audit.id)]);
  const versions = new Map(answers.map((a) => [a.item_id, Number(a.version)]));
  const decided = new Set<string>();
  const notices: AuditOverwrite[] = [];
  for (const row of rows) {
    for (const [field, c] of Object.entries(JSON.parse(row.changes) as Record<string, StoredAnswerChange>)) {
      const key = `${row.item_id}\u0000${field}`;
      if (decided.has(key)) continue;
      decided.add(key);
      const notice = {
        entryId: `${row.id}.${field}`,
        itemId: row.item_id,
        field,
        label: ANSWER_FIELD_LABELS[field as AnswerField] ?? field,
        version: versions.get(row.item_id) ?? 0,
      };
      if (c.replaced?.userId === user.id && row.user_id !== user.id) {
        notices.push({
          ...notice,
          restore: { [field]: c.replaced.value },
          theirs: { [field]: c.to },
          yourText: answerText(field, c.replaced.value),
          theirText: answerText(field, c.to),
          byName: row.user_name,
          at: Number(row.created_at),
        });
      } else if (c.supersededBy && row.user_id === user.id && c.supersededBy.userId !== user.id) {
        // Never applied: the other person's newer answer still stands.
        notices.push({
          ...notice,
          restore: { [field]: c.to },
          theirs: { [field]: c.supersededBy.value },
          yourText: answerText(field, c.to),
          theirText: answerText(field, c.supersededBy.value),
          byName: c.supersededBy.userName,
          at: c.supersededBy.at,
        });
      }
    }
  }
  return notices;
}
