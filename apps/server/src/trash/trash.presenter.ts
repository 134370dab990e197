import type { Locale } from "@sitesnag/shared/i18n/locales";
import type { TrashItem } from "@sitesnag/shared/trash";
import type { TrashItemRow } from "../db/schema";
import { translate } from "../i18n/translate";

/** A project's detail as the Trash stored it when the project was deleted ("3 reports"). */
const REPORT_COUNT = /^(\d+) reports?$/;

/** A project's report count, read from the detail the Trash stored; null for a report. */
function reportCountOf(kind: TrashItemRow["kind"], detail: string): number | null {
  const count = kind === "project" ? REPORT_COUNT.exec(detail)?.[1] : undefined;
  return count === undefined ? null : Number(count);
}

/** What the row's `detail` says, in `locale`: a project's report count is a sentence; a report's detail is its project's name. */
function detailIn(locale: Locale, detail: string, reportCount: number | null): string {
  return reportCount === null ? detail : translate(locale, "trash.projectReports", { count: reportCount });
}

export const presentTrashItem = (
  row: Pick<TrashItemRow, "id" | "kind" | "name" | "detail" | "deleted_by_name" | "deleted_at" | "purge_at">,
  locale: Locale = "en-GB",
): TrashItem => {
  const reportCount = reportCountOf(row.kind, row.detail);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    detail: detailIn(locale, row.detail, reportCount),
    reportCount,
    deletedByName: row.deleted_by_name,
    deletedAt: row.deleted_at,
    purgeAt: row.purge_at,
  };
};
