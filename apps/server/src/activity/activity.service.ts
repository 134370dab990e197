// Reading a report's history, and the overwrite notices derived from it (decision 0021).
import type { ActivityChange, ActivityList, Overwrite } from "@sitesnag/shared/activity";
import { type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { PageQuery } from "@sitesnag/shared/pagination";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { UserRow } from "../db/schema";
import { requireReport } from "../snagging/snagging.access";
import { patchFor } from "./activity.fields";
import { overwriteTexts, presentActivity } from "./activity.presenter";
import { findActivityPage, findRecentChanges } from "./activity.repository";

export async function listActivity(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: PageQuery,
): Promise<ActivityList> {
  await requireReport(ctx, user, id);
  const size = query.limit ?? 50;
  const { rows, nextCursor } = toPage(await findActivityPage(ctx.db, id, query.cursor, size), size, (row) => ({
    sort: Number(row.created_at),
    id: row.id,
  }));
  const locale = toLocale(user.locale);
  return { activity: rows.map((row) => presentActivity(row, locale)), nextCursor };
}

/** Every entry of a report, oldest first, up to `cap`, in `locale` (the PDF's History section). */
export async function readWholeHistory(ctx: AppContext, reportId: string, locale: Locale, cap = 1000) {
  const rows = await findActivityPage(ctx.db, reportId, undefined, cap);
  return rows
    .slice(0, cap)
    .reverse()
    .map((row) => presentActivity(row, locale));
}

/** How far back the notices look: older overwrites have long been seen or changed again. */
const NOTICE_WINDOW = 200;

/**
 * The caller's values that another person's change replaced (or that lost, offline, to a newer
 * one), while that field still holds the other person's value: newest change of each field decides.
 * The web app writes the notice's sentence around `label`, `yourText` and `theirText` (issue 35).
 */
export async function listOverwrites(ctx: AppContext, user: UserRow, id: string): Promise<Overwrite[]> {
  await requireReport(ctx, user, id);
  const rows = await findRecentChanges(ctx.db, id, NOTICE_WINDOW);
  // The field's name and values in the reader's language (what people named as recorded).
  const locale = toLocale(user.locale);
  const decided = new Set<string>();
  const notices: Overwrite[] = [];
  for (const row of rows) {
    const changes = JSON.parse(row.changes ?? "[]") as ActivityChange[];
    for (const c of changes) {
      if (decided.has(c.field)) continue;
      if (c.replaced?.userId === user.id && row.actor_id !== user.id) {
        notices.push({
          entryId: row.id,
          field: c.field,
          ...overwriteTexts(locale, c, c.replaced, { value: c.to, text: c.toText }),
          restore: patchFor(c.field, c.replaced.value),
          byName: row.actor_name,
          at: Number(row.created_at),
        });
      } else if (c.supersededBy && row.actor_id === user.id && c.supersededBy.userId !== user.id) {
        // An offline value that was never applied: the field's newer change (below) still stands.
        notices.push({
          entryId: row.id,
          field: c.field,
          ...overwriteTexts(locale, c, { value: c.to, text: c.toText }, c.supersededBy),
          restore: patchFor(c.field, c.to),
          byName: c.supersededBy.userName,
          at: c.supersededBy.at,
        });
      }
      decided.add(c.field);
    }
  }
  return notices;
}
