import type { AuditOverwrite } from "@sitesnag/shared/audit-overwrites";

/** A notice shown on a checklist item: the overwrite it tells of, which Restore and Keep theirs act on. */
export type ItemNotice = { entryId: string; itemId: string; overwrite: AuditOverwrite };
