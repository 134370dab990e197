// The one audit repository of this tab: IndexedDB for details and photos, localStorage for the list.
// Loaded through audit-store.ts, never imported by a screen directly: it brings Dexie, zod and the
// shared audit schemas, which no audit screen needs before its first paint (issue 7).
import { createDexieAuditRecords } from "../../../offline/audit-records.dexie";
import { createAuditRepository } from "../storage/audit-repository";

export { backupFileName, exportAudits, importAudits, importMessage } from "../storage/audit-backup";

export const auditStorageDeps = { records: createDexieAuditRecords(), storage: window.localStorage };
export const auditRepository = createAuditRepository(auditStorageDeps);
