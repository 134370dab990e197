import type { Translate } from "../../../i18n/use-t";
import { apiFetch, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { type ListFilter, listFilterParams } from "./get-reports";

export const REPORTS_CSV_NAME = "snagging-reports.csv";
export const REPORTS_XLSX_NAME = "snagging-reports.xlsx";

/** A server export fetched with the bearer token and saved under `name`. */
async function saveExport(path: string, name: string): Promise<void> {
  // The saving helper is fetched with the file (this module itself is fetched on the first export).
  const [res, { saveBlob }] = await Promise.all([apiFetch(path), import("../../../lib/save-blob")]);
  saveBlob(await res.blob(), name);
}

/** Every report of the workspace as CSV (SPEC: GET /snagging/export/csv, no query). */
export const exportReportsCsv = (): Promise<void> => saveExport("/snagging/export/csv", REPORTS_CSV_NAME);

/** The list as it is filtered now, as an Excel workbook made by the server (issue 37). */
export function exportReportsXlsx(filter: ListFilter): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(listFilterParams(filter))) if (value) params.set(key, value);
  const query = params.size > 0 ? `?${params}` : "";
  return saveExport(`/snagging/export/xlsx${query}`, REPORTS_XLSX_NAME);
}

/**
 * The list's export buttons (issue 37): CSV of every report, or the workbook of the list as
 * filtered now; says how it went. Here rather than in the list, whose first load this is not in.
 */
export function runListExport(format: "csv" | "xlsx", filter: ListFilter, t: Translate): Promise<void> {
  return (format === "csv" ? exportReportsCsv() : exportReportsXlsx(filter)).then(
    () => void toast.success(format === "csv" ? t("snagging.list.csvExported") : t("snagging.list.xlsxExported")),
    (error: unknown) => void toast.error(errorMessage(error, t("snagging.list.exportFailed"))),
  );
}
