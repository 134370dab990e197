// Export PDF and Export file from the audit page: both read what is stored on the device. Loaded
// when one is pressed (audit-page.tsx), with the print document builder.
import type { AuditDetail, AuditSummary } from "@sitesnag/shared/audits";
import type { Translate } from "../../i18n/use-t";
import { formatDateFor, formatDateTimeFor } from "../../lib/format";
import { auditRepository, auditStorageDeps } from "./api/audit-store-impl";
import { itemNumbers } from "./audit-numbers";
import { downloadFile } from "./download-file";
import { buildAuditPrintDocument } from "./pdf/audit-print-document";
import { openPrintWindow } from "./pdf/print-audit";
import { backupFileName, exportAudits } from "./storage/audit-backup";
import { blobToBase64 } from "./storage/base64";

/**
 * The print document of what is on screen (saved or not), photos embedded as data URLs, in the
 * reader's language (`t`, `locale`).
 */
export async function printAudit(
  summary: AuditSummary,
  detail: AuditDetail,
  t: Translate,
  locale: string,
): Promise<void> {
  const ids = detail.checklist.flatMap((i) => i.photos);
  const stored = await auditRepository.getPhotos(ids);
  const photos: Record<string, string> = {};
  for (const p of stored) photos[p.id] = `data:${p.type};base64,${await blobToBase64(p.blob)}`;
  const html = buildAuditPrintDocument({
    summary,
    detail,
    photos,
    numbers: itemNumbers(detail.checklist),
    formatDate: (seconds) => formatDateFor(locale, seconds),
    formatDateTime: (seconds) => formatDateTimeFor(locale, seconds),
    t,
    locale,
  });
  openPrintWindow(html, t("audits.print.popupBlocked"));
}

/** One audit, as last saved, to a backup file. */
export async function exportAuditFile(userId: string, summary: AuditSummary): Promise<void> {
  const backup = await exportAudits(auditStorageDeps, userId, [summary.id]);
  downloadFile(backupFileName(new Date(), summary), JSON.stringify(backup));
}
