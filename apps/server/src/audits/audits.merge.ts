// No silent overwrite for audit answers (decision 0038): the reports' rule (0021,
// activity.merge.ts `fieldOutcome`) per item. An answer change may name the item version it was
// made on; against the item's changes since, per field it sends:
// - nobody else changed it: applied (so people answering different items, or different fields of
//   one item, merge silently);
// - another person changed it since: applied, and the history records whose answer it `replaced`;
// - except a change made on the device (`deviceAt`) no later than the other person's change
//   reached the server: it is older, not applied, and recorded as `supersededBy`.
// A replay of a superseded change (same person, value and device time) writes nothing again, so a
// retried outbox step stays exactly-once. A version not made yet, or more than 50 behind: 409.
import type { ActivityOther } from "@sitesnag/shared/activity";
import { answerText } from "@sitesnag/shared/audit-overwrites";
import type { Transaction } from "kysely";
import { type FieldChange, fieldOutcome, MAX_VERSIONS_BEHIND } from "../activity/activity.merge";
import type { Database } from "../db/schema";
import { conflict } from "../http/errors";

/** One field of a history row's `changes`. */
export type StoredAnswerChange = {
  from: unknown;
  to: unknown;
  replaced?: ActivityOther;
  supersededBy?: ActivityOther;
};

export type AnswerMerge = {
  /** The fields to write. */
  apply: Record<string, unknown>;
  /** Applied over another person's answer: whose. */
  replaced: Record<string, ActivityOther>;
  /** Not applied (older, made offline): whose newer answer stands. */
  lost: Record<string, ActivityOther>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function checkItemVersion(itemId: string, current: number, base: number): void {
  const item = itemId.slice(0, 64);
  if (base > current) {
    throw conflict(
      `This change names version ${base} of item '${item}', which does not exist yet. Reload the audit and try again. Nothing was changed.`,
    );
  }
  if (current - base > MAX_VERSIONS_BEHIND) {
    throw conflict(
      `Item '${item}' has changed ${current - base} times since you opened it. Reload the audit and answer it again. Nothing was changed.`,
    );
  }
}

const changesSince = (trx: Transaction<Database>, auditId: string, itemId: string, version: number) =>
  trx
    .selectFrom("audit_answer_history")
    .selectAll()
    .where("audit_id", "=", auditId)
    .where("item_id", "=", itemId)
    .where("version", ">", version)
    .orderBy("version")
    .orderBy("id")
    .execute();

export async function mergeAnswer(
  trx: Transaction<Database>,
  item: { auditId: string; itemId: string; values: Record<string, unknown>; version: number },
  sent: Record<string, unknown>,
  base: { version?: number | undefined; deviceAt?: number | undefined; actorId: string },
): Promise<AnswerMerge> {
  const merged: AnswerMerge = { apply: { ...sent }, replaced: {}, lost: {} };
  if (base.version === undefined || base.version === item.version) return merged;
  checkItemVersion(item.itemId, item.version, base.version);
  const byField = new Map<string, FieldChange[]>();
  const replays = new Set<string>();
  for (const row of await changesSince(trx, item.auditId, item.itemId, base.version)) {
    const at = Number(row.created_at);
    const deviceAt = row.device_at === null ? undefined : Number(row.device_at);
    for (const [field, change] of Object.entries(JSON.parse(row.changes) as Record<string, StoredAnswerChange>)) {
      if (change.supersededBy) {
        // The same offline change sent again (its answer was lost): recorded once already.
        if (row.user_id === base.actorId && deviceAt === base.deviceAt && same(change.to, sent[field])) {
          replays.add(field);
        }
        continue;
      }
      const other = {
        userId: row.user_id,
        userName: row.user_name,
        value: change.to,
        text: answerText(field, change.to),
        at,
      };
      byField.set(field, [...(byField.get(field) ?? []), { change, other, actorId: row.user_id }]);
    }
  }
  for (const [field, value] of Object.entries(sent)) {
    const history = byField.get(field);
    if (value === undefined || same(value, item.values[field])) continue;
    if (replays.has(field)) {
      delete merged.apply[field];
      continue;
    }
    if (!history) continue;
    const outcome = fieldOutcome(value, history, base.actorId, base.deviceAt, same);
    const latest = (history[history.length - 1] as FieldChange).other;
    if (outcome === "replaced") merged.replaced[field] = latest;
    if (outcome === "keep" || outcome === "lost") delete merged.apply[field];
    if (outcome === "lost") merged.lost[field] = latest;
  }
  return merged;
}
