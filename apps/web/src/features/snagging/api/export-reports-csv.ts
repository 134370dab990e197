import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-blob";

export const REPORTS_CSV_NAME = "snagging-reports.csv";

/** Every report of the workspace as CSV, fetched with the bearer token and saved. */
export async function exportReportsCsv(): Promise<void> {
  const res = await apiFetch("/snagging/export/csv");
  saveBlob(await res.blob(), REPORTS_CSV_NAME);
}

export const useExportReportsCsv = () => useMutation({ mutationFn: exportReportsCsv, meta: { invalidates: false } });
