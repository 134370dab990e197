// The one writer of a report's history (issue 23, decision 0021). Every function here is called
// inside the transaction of the change it records, so an entry exists exactly when its change does.
// Entries are only ever inserted (activity.repository.ts); the database refuses updates (0011).
import type { ActivityChange, ActivityOther, ActivityType } from "@sitesnag/shared/activity";
import type { Kysely, Transaction } from "kysely";
import type { Database, NewActivity, ReportRow, UserRow } from "../db/schema";
import { newId } from "../ids";
import { tradeNames } from "../trades/trades.service";
import { type Names, sameValue, TRACKED_FIELDS, tradeNameKey } from "./activity.fields";
import { findUserNames, insertActivity } from "./activity.repository";

type Q = Kysely<Database> | Transaction<Database>;

/** Who made a change: a user, or (id null) a share link named in first_name, e.g. Link “Pat (plumber)”. */
export type Actor = Pick<UserRow, "first_name" | "last_name"> & { id: string | null };
/** How a change reached the server: through the offline queue, with the time it was made on the device. */
export type Origin = {
  offline?: { deviceAt: number | null } | undefined;
  /** The bulk change (POST /api/snagging/bulk, migration 0050) this entry is one part of. */
  batchId?: string | undefined;
};
export type ActivityContext = { actor: Actor; now: number } & Origin;

export const actorName = (actor: Actor): string => `${actor.first_name} ${actor.last_name}`.trim();

function entry(
  report: Pick<ReportRow, "id" | "workspace_id">,
  ctx: ActivityContext,
  type: ActivityType,
  extra: Partial<Pick<NewActivity, "changes" | "comment" | "version">> = {},
): NewActivity {
  return {
    id: newId(),
    report_id: report.id,
    workspace_id: report.workspace_id,
    actor_id: ctx.actor.id,
    actor_name: actorName(ctx.actor),
    type,
    changes: extra.changes ?? null,
    comment: extra.comment ?? null,
    version: extra.version ?? null,
    via_offline: ctx.offline ? 1 : 0,
    device_at: ctx.offline?.deviceAt ?? null,
    created_at: ctx.now,
    batch_id: ctx.batchId ?? null,
  };
}

export async function recordCreated(db: Q, report: ReportRow, photoNames: readonly string[], ctx: ActivityContext) {
  const photos = photoNames.length;
  await insertActivity(db, [
    entry(report, ctx, "created", {
      version: report.version,
      comment: photos === 0 ? null : `${photos} photo${photos === 1 ? "" : "s"}: ${photoNames.join(", ")}`,
    }),
  ]);
}

/** Accept (→ closed) or reject (→ open, with the reason) of a resolved report's fix. */
export async function recordVerification(
  db: Q,
  before: ReportRow,
  after: ReportRow,
  reason: string | null,
  ctx: ActivityContext,
): Promise<void> {
  const status = TRACKED_FIELDS.find((f) => f.field === "status");
  const change: ActivityChange | null = status
    ? {
        field: "status",
        label: status.label,
        from: before.status,
        to: after.status,
        fromText: status.text(before.status, new Map()),
        toText: status.text(after.status, new Map()),
      }
    : null;
  await insertActivity(db, [
    entry(after, ctx, after.status === "closed" ? "verification_accepted" : "verification_rejected", {
      changes: change ? JSON.stringify([change]) : null,
      comment: reason,
      version: after.version,
    }),
  ]);
}

/** A comment written, edited (with its new text) or deleted (the text goes with the comment). */
export async function recordComment(
  db: Q,
  report: Pick<ReportRow, "id" | "workspace_id">,
  type: "comment_added" | "comment_edited" | "comment_deleted",
  text: string | null,
  ctx: ActivityContext,
  /** The comment's id, told by its live event (webhooks send the comment, decision 0073). */
  commentId?: string,
): Promise<void> {
  await insertActivity(db, [entry(report, ctx, type, { comment: text })], commentId ? { commentId } : undefined);
}

/** Moved to the Trash: written before the report's rows are taken, so it goes (and comes back) with them. */
export async function recordReportDeleted(db: Q, report: Pick<ReportRow, "id" | "workspace_id">, ctx: ActivityContext) {
  await insertActivity(db, [entry(report, ctx, "deleted")]);
}

/** Restored from the Trash (each report of a restored project too). */
export async function recordReportsRestored(
  db: Q,
  reports: readonly Pick<ReportRow, "id" | "workspace_id">[],
  ctx: ActivityContext,
) {
  await insertActivity(
    db,
    reports.map((r) => entry(r, ctx, "restored")),
  );
}

export async function recordPdfExported(db: Q, report: ReportRow, ctx: ActivityContext) {
  await insertActivity(db, [entry(report, ctx, "pdf_exported")]);
}

/** A change of one field that was not applied (an older offline value), or that replaced another's. */
export type FieldConflict = { field: string; sent: unknown; other: ActivityOther };

export type EditRecord = {
  before: ReportRow;
  after: ReportRow;
  /** The version the change produced, or null when nothing was written (every value lost a conflict). */
  version: number | null;
  replaced?: readonly FieldConflict[];
  lost?: readonly FieldConflict[];
  photosAdded?: readonly string[];
  photosRemoved?: readonly string[];
};

async function namesFor(db: Q, rows: readonly ReportRow[], extra: readonly unknown[]): Promise<Names> {
  const ids = new Set<string>();
  for (const value of [...rows.map((r) => r.assigned_to ?? r.assigned_contact_id), ...extra])
    if (typeof value === "string") ids.add(value);
  const names = await findUserNames(db, [...ids]);
  // A change of trade reads as the trades' names (issue 36), looked up only when there is one.
  const [first] = rows;
  if (first && rows.some((r) => r.category !== first.category)) {
    for (const [key, name] of await tradeNames(db, first.workspace_id)) names.set(tradeNameKey(key), name);
  }
  // Location ids are UUIDs like people's: one map serves both (issue 36).
  const places = new Set(rows.map((r) => r.location_id).filter((id): id is string => typeof id === "string"));
  for (const value of extra) if (typeof value === "string") places.add(value);
  const paths =
    places.size === 0
      ? []
      : await db
          .selectFrom("locations")
          .select(["id", "path"])
          .where("id", "in", [...places])
          .execute();
  for (const p of paths) names.set(p.id, p.path);
  return names;
}

/**
 * Records an edit: `status_changed` for a new status, `edited` for the other fields (old → new,
 * with who was overwritten, and offline values that lost to a newer change), and the photos added
 * and removed.
 */
export async function recordEdit(db: Q, record: EditRecord, ctx: ActivityContext): Promise<void> {
  const { before, after } = record;
  const lost = record.lost ?? [];
  const names = await namesFor(
    db,
    [before, after],
    lost.map((l) => l.sent),
  );
  const statusChanges: ActivityChange[] = [];
  const fieldChanges: ActivityChange[] = [];
  for (const f of TRACKED_FIELDS) {
    const from = f.read(before);
    const to = f.read(after);
    if (!sameValue(from, to)) {
      const replaced = record.replaced?.find((r) => r.field === f.field)?.other;
      const change: ActivityChange = {
        field: f.field,
        label: f.label,
        from,
        to,
        fromText: f.text(from, names),
        toText: f.text(to, names),
        ...(replaced ? { replaced } : {}),
      };
      (f.field === "status" ? statusChanges : fieldChanges).push(change);
    }
    const loss = lost.find((l) => l.field === f.field);
    if (loss) {
      fieldChanges.push({
        field: f.field,
        label: f.label,
        from: to,
        to: loss.sent,
        fromText: f.text(to, names),
        toText: f.text(loss.sent, names),
        supersededBy: loss.other,
      });
    }
  }
  const rows: NewActivity[] = [];
  const version = record.version;
  if (statusChanges.length > 0)
    rows.push(entry(after, ctx, "status_changed", { changes: JSON.stringify(statusChanges), version }));
  if (fieldChanges.length > 0)
    rows.push(entry(after, ctx, "edited", { changes: JSON.stringify(fieldChanges), version }));
  const list = (names: readonly string[]) =>
    `${names.length} photo${names.length === 1 ? "" : "s"}: ${names.join(", ")}`;
  if (record.photosAdded?.length) rows.push(entry(after, ctx, "photos_added", { comment: list(record.photosAdded) }));
  if (record.photosRemoved?.length)
    rows.push(entry(after, ctx, "photos_removed", { comment: list(record.photosRemoved) }));
  await insertActivity(db, rows);
}
