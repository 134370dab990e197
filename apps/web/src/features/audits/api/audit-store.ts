// The one audit repository of this tab: IndexedDB for details and photos, localStorage for the list.
import { createDexieAuditRecords } from "../../../offline/audit-records.dexie";
import { createAuditRepository } from "../storage/audit-repository";

export const auditStorageDeps = { records: createDexieAuditRecords(), storage: window.localStorage };
export const auditRepository = createAuditRepository(auditStorageDeps);
