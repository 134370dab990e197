// No silent overwrite (issue 23, decision 0021). An edit names the report version it was made on.
// Against the changes made since then, per field:
// - a value sent unchanged from that version was not edited by this person: the newer value stays
//   (so edits of different fields merge, although the form sends every field);
// - a value both people changed: the later write wins, as before, and the history records whose
//   value it replaced, so they see a notice with Restore;
// - except an offline change made on the device before (or in the same second as) the other
//   person's change reached the server: it is older, so it is not applied, and its author gets
//   the notice instead.
import type { ActivityChange, ActivityOther } from "@sitesnag/shared/activity";
import type { Transaction } from "kysely";
import type { Database, ReportRow } from "../db/schema";
import { AppError } from "../http/errors";
import { sameValue, TRACKED_FIELDS } from "./activity.fields";
import { findChangesSince } from "./activity.repository";
import type { ActivityContext, FieldConflict } from "./activity.writer";

/** An edit made this many versions ago is refused: too much changed for a field-by-field merge to be meaningful. */
export const MAX_VERSIONS_BEHIND = 50;

export type ColumnChanges = Partial<ReportRow>;
export type Merged = { columns: ColumnChanges; replaced: FieldConflict[]; lost: FieldConflict[] };

type Applied = { change: ActivityChange; other: ActivityOther; actorId: string | null };

function appliedChanges(rows: Awaited<ReturnType<typeof findChangesSince>>): Map<string, Applied[]> {
  const byField = new Map<string, Applied[]>();
  for (const row of rows) {
    for (const change of JSON.parse(row.changes ?? "[]") as ActivityChange[]) {
      if (change.supersededBy) continue;
      const other: ActivityOther = {
        userId: row.actor_id,
        userName: row.actor_name,
        value: change.to,
        text: change.toText,
        at: Number(row.created_at),
      };
      byField.set(change.field, [...(byField.get(change.field) ?? []), { change, other, actorId: row.actor_id }]);
    }
  }
  return byField;
}

/** One earlier change of a field since the version an edit was made on (oldest first). */
export type FieldChange = { change: { from: unknown }; other: ActivityOther; actorId: string | null };
export type FieldOutcome = "apply" | "keep" | "replaced" | "lost";

/**
 * The rule for one field both people may have changed (reports and audit answers share it):
 * `apply` (nobody else changed it, or only this person did, or their own later change), `keep` (the
 * value sent is the one the edit started from: not edited by this person, the newer value stays),
 * `lost` (made on the device no later than the other change reached the server: not applied) or
 * `replaced` (applied over the other person's value). `history` is never empty.
 */
export function fieldOutcome(
  sent: unknown,
  history: readonly FieldChange[],
  actorId: string | null,
  deviceAt: number | null | undefined,
  same: (a: unknown, b: unknown) => boolean,
): FieldOutcome {
  // Only this person changed it since (a second status change queued offline, another tab): theirs to change.
  if (history.every((h) => h.actorId === actorId)) return "apply";
  const first = history[0] as FieldChange;
  const latest = history[history.length - 1] as FieldChange;
  if (same(sent, first.change.from)) return "keep";
  // Their own newer change (another tab or device): the later one simply wins.
  if (latest.actorId === actorId) return "apply";
  if (deviceAt != null && deviceAt <= latest.other.at) return "lost";
  return "replaced";
}

export function checkVersion(current: ReportRow, baseVersion: number): void {
  if (baseVersion > current.version) {
    throw new AppError(
      409,
      "This change names a version of the report that does not exist yet. Reload the report and try again.",
    );
  }
  const behind = current.version - baseVersion;
  if (behind > MAX_VERSIONS_BEHIND) {
    throw new AppError(
      409,
      `This report has changed ${behind} times since you opened it. Reload it and make your change again.`,
    );
  }
}

export async function mergeEdit(
  trx: Transaction<Database>,
  current: ReportRow,
  columns: ColumnChanges,
  baseVersion: number | undefined,
  ctx: ActivityContext,
): Promise<Merged> {
  if (baseVersion === undefined || baseVersion === current.version) return { columns, replaced: [], lost: [] };
  checkVersion(current, baseVersion);
  const since = appliedChanges(await findChangesSince(trx, current.id, baseVersion));
  const merged: ColumnChanges = { ...columns };
  const replaced: FieldConflict[] = [];
  const lost: FieldConflict[] = [];
  const after = { ...current, ...columns } as ReportRow;
  for (const f of TRACKED_FIELDS) {
    if (!f.columns.some((c) => c in columns)) continue;
    const history = since.get(f.field);
    const sent = f.read(after);
    if (!history || sameValue(sent, f.read(current))) continue;
    const outcome = fieldOutcome(sent, history, ctx.actor.id, ctx.offline?.deviceAt, sameValue);
    if (outcome === "apply") continue;
    const latest = history[history.length - 1] as Applied;
    if (outcome === "replaced") {
      replaced.push({ field: f.field, sent, other: latest.other });
      continue;
    }
    for (const c of f.columns) delete merged[c]; // "keep" and "lost": the newer value stays
    if (outcome === "lost") lost.push({ field: f.field, sent, other: latest.other });
  }
  return { columns: merged, replaced, lost };
}
