import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-blob";

export const reportPdfName = (id: string): string => `snagging-report-${id}.pdf`;

/** Fetches the report's PDF with the bearer token (a plain link would carry none) and saves it. */
export async function downloadReportPdf(id: string): Promise<void> {
  const res = await apiFetch(`/snagging/${encodeURIComponent(id)}/download-pdf`);
  saveBlob(await res.blob(), reportPdfName(id));
}

// Not only a read since issue 23: the export is recorded in the report's history, so the screens
// refetch after it like after any write (the timeline shows it).
export const useDownloadReportPdf = () => useMutation({ mutationFn: downloadReportPdf });
