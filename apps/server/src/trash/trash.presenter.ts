import type { Locale } from "@sitesnag/shared/i18n/locales";
import type { TrashItem } from "@sitesnag/shared/trash";
import type { TrashItemRow } from "../db/schema";
import { translate } from "../i18n/translate";

/** A project's detail as the Trash stored it when the project was deleted ("3 reports"). */
const REPORT_COUNT = /^(\d+) reports?$/;

/** What the row's `detail` says, in `locale`: a project's report count is a sentence; a report's detail is its project's name. */
function detailIn(locale: Locale, kind: TrashItemRow["kind"], detail: string): string {
  const count = kind === "project" ? REPORT_COUNT.exec(detail)?.[1] : undefined;
  return count === undefined ? detail : translate(locale, "trash.projectReports", { count: Number(count) });
}

export const presentTrashItem = (
  row: Pick<TrashItemRow, "id" | "kind" | "name" | "detail" | "deleted_by_name" | "deleted_at" | "purge_at">,
  locale: Locale = "en-GB",
): TrashItem => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  detail: detailIn(locale, row.kind, row.detail),
  deletedByName: row.deleted_by_name,
  deletedAt: row.deleted_at,
  purgeAt: row.purge_at,
});
