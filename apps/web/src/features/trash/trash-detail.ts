// A Trash row's detail in the app's language: a project's report count through the catalogue's
// plural ("0 raportów"), so it follows a language switch at once and offline, whatever language
// the server answered (or a cached answer was written) in. A report's detail is its project's name.
import type { TrashItem } from "@sitesnag/shared/trash";
import type { Translate } from "../../i18n/use-t";

export function trashDetail(t: Translate, item: Pick<TrashItem, "kind" | "detail"> & { reportCount?: number | null }) {
  if (item.kind === "project" && typeof item.reportCount === "number") {
    return t("trash.projectReports", { count: item.reportCount });
  }
  return item.detail;
}
