// Backup files: one audit or all of a user's audits in one JSON file, photos and signatures
// included, so an audit survives a lost or wiped device (DESIGN §5). Importing never overwrites:
// an audit whose id is already in this browser is skipped and counted.
import {
  AUDIT_BACKUP_FORMAT,
  AUDIT_BACKUP_VERSION,
  type AuditBackup,
  type BackupEntry,
  readAuditBackup,
} from "@sitesnag/shared/audits";
import type { AuditRecords, StoredPhoto } from "../../../offline/audit-records";
import { allSummaryIds, listSummaries, putSummaries } from "./audit-summaries";
import { base64ToBlob, blobToBase64 } from "./base64";

type Deps = { records: AuditRecords; storage: Storage; now?: () => number };
export type ImportOutcome = { ok: true; imported: number; skipped: number } | { ok: false; message: string };

export async function exportAudits(
  { records, storage, now = Date.now }: Deps,
  userId: string,
  ids?: readonly string[],
) {
  const summaries = listSummaries(storage, userId).filter((s) => !ids || ids.includes(s.id));
  const audits: BackupEntry[] = [];
  for (const summary of summaries) {
    const detail = await records.getDetail(summary.id);
    if (!detail) continue;
    const photos = await records.photosOfAudit(summary.id);
    audits.push({
      summary,
      detail,
      photos: await Promise.all(
        photos.map(async (p) => ({
          id: p.id,
          type: p.type as BackupEntry["photos"][number]["type"],
          data: await blobToBase64(p.blob),
        })),
      ),
    });
  }
  return {
    format: AUDIT_BACKUP_FORMAT,
    version: AUDIT_BACKUP_VERSION,
    exportedAt: Math.floor(now() / 1000),
    audits,
  } satisfies AuditBackup;
}

/** Reads a backup file's text and adds its audits to this user's, skipping ids already here. */
export async function importAudits({ records, storage }: Deps, userId: string, text: string): Promise<ImportOutcome> {
  const read = readAuditBackup(text);
  if (!read.ok) return { ok: false, message: read.message };
  const known = allSummaryIds(storage);
  const fresh: BackupEntry[] = [];
  for (const entry of read.backup.audits) {
    if (known.has(entry.summary.id) || (await records.getDetail(entry.summary.id))) continue;
    known.add(entry.summary.id);
    fresh.push(entry);
  }
  // The importing user becomes the owner: a backup moves audits between browsers and accounts.
  await records.importAudits(
    fresh.map((e) => ({
      detail: { ...e.detail, userId },
      photos: e.photos.map(
        (p): StoredPhoto => ({
          id: p.id,
          auditId: e.summary.id,
          type: p.type,
          blob: base64ToBlob(p.data, p.type),
          createdAt: e.summary.createdAt,
        }),
      ),
    })),
  );
  putSummaries(
    storage,
    fresh.map((e) => ({ ...e.summary, userId })),
  );
  return { ok: true, imported: fresh.length, skipped: read.backup.audits.length - fresh.length };
}

/** The toast for an import's outcome. */
export function importMessage(outcome: Extract<ImportOutcome, { ok: true }>): string {
  const { imported, skipped } = outcome;
  const plural = (n: number) => (n === 1 ? "audit" : "audits");
  if (imported === 0 && skipped === 0) return "The backup file holds no audits.";
  if (imported === 0)
    return `Nothing imported: ${skipped === 1 ? "that audit is" : `all ${skipped} audits are`} already on this device.`;
  const base = `Imported ${imported} ${plural(imported)}.`;
  return skipped ? `${base} ${skipped} already on this device ${skipped === 1 ? "was" : "were"} skipped.` : base;
}

export const backupFileName = (date: Date, single?: { projectName: string }) => {
  const day = date.toISOString().slice(0, 10);
  if (!single) return `sitesnag-audits-${day}.json`;
  const slug =
    single.projectName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "audit";
  return `sitesnag-audit-${slug}-${day}.json`;
};
