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
    // Only this person changed it since (a second status change queued offline, another tab): theirs to change.
    if (history.every((h) => h.actorId === ctx.actor.id)) continue;
    const first = history[0] as Applied;
    const latest = history[history.length - 1] as Applied;
    const drop = () => {
      for (const c of f.columns) delete merged[c];
    };
    if (sameValue(sent, first.change.from)) {
      drop(); // not edited by this person: the newer value stays
    } else if (latest.actorId === ctx.actor.id) {
      // Their own newer change (another tab or device): the later one simply wins.
    } else if (ctx.offline?.deviceAt != null && ctx.offline.deviceAt <= latest.other.at) {
      drop();
      lost.push({ field: f.field, sent, other: latest.other });
    } else {
      replaced.push({ field: f.field, sent, other: latest.other });
    }
  }
  return { columns: merged, replaced, lost };
}
