import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const REPORTS_CSV_NAME = "snagging-reports.csv";

/** Every report of the workspace as CSV, fetched with the bearer token and saved. */
export async function exportReportsCsv(): Promise<void> {
  // The saving helper is fetched on the first export (alongside the CSV), not with the list.
  const [res, { saveBlob }] = await Promise.all([apiFetch("/snagging/export/csv"), import("../../../lib/save-blob")]);
  saveBlob(await res.blob(), REPORTS_CSV_NAME);
}

export const useExportReportsCsv = () => useMutation({ mutationFn: exportReportsCsv, meta: { invalidates: false } });
