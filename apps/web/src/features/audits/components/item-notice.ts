import type { AuditOverwrite } from "@sitesnag/shared/audit-overwrites";

/** A notice shown on a checklist item: its sentence, and the overwrite Restore and Keep theirs act on. */
export type ItemNotice = { entryId: string; itemId: string; text: string; overwrite: AuditOverwrite };
