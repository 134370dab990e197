// The audit list in localStorage under `site_audits` (SPEC §3, §9): one array holding every
// user's summaries, each tagged with its `userId`. The dashboard's Audits Run count reads the same
// key. Entries we cannot read (another version, hand-edited) are skipped when listing and kept
// untouched when writing, so one bad entry never loses the others.
import { type AuditSummary, AuditSummarySchema } from "@sitesnag/shared/audits";

export const SUMMARIES_KEY = "site_audits";

export class StorageFullError extends Error {
  constructor() {
    super("This device has no room left to save audits. Export and remove old audits, then try again.");
    this.name = "StorageFullError";
  }
}

function readRaw(storage: Storage): unknown[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SUMMARIES_KEY) ?? "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function writeRaw(storage: Storage, entries: unknown[]): void {
  try {
    storage.setItem(SUMMARIES_KEY, JSON.stringify(entries));
  } catch (error) {
    if (error instanceof DOMException && error.name === "QuotaExceededError") throw new StorageFullError();
    throw error;
  }
}

const idOf = (entry: unknown): unknown =>
  typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined;

/** The user's audits, newest audit date first. */
export function listSummaries(storage: Storage, userId: string): AuditSummary[] {
  return readRaw(storage)
    .flatMap((entry) => {
      const parsed = AuditSummarySchema.safeParse(entry);
      return parsed.success && parsed.data.userId === userId ? [parsed.data] : [];
    })
    .sort((a, b) => b.auditDate - a.auditDate || b.createdAt - a.createdAt);
}

export function findSummary(storage: Storage, userId: string, id: string): AuditSummary | undefined {
  return listSummaries(storage, userId).find((s) => s.id === id);
}

/** Every id in the list, whoever owns it: ids are unique per browser. */
export function allSummaryIds(storage: Storage): Set<string> {
  return new Set(
    readRaw(storage)
      .map(idOf)
      .filter((id): id is string => typeof id === "string"),
  );
}

/** Replaces the summary with the same id, or adds it. */
export function putSummaries(storage: Storage, summaries: readonly AuditSummary[]): void {
  const byId = new Map(summaries.map((s) => [s.id, s]));
  const entries = readRaw(storage).map((entry) => {
    const id = idOf(entry);
    if (typeof id !== "string" || !byId.has(id)) return entry;
    const next = byId.get(id);
    byId.delete(id);
    return next;
  });
  writeRaw(storage, [...entries, ...byId.values()]);
}

export function removeSummary(storage: Storage, id: string): void {
  writeRaw(
    storage,
    readRaw(storage).filter((entry) => idOf(entry) !== id),
  );
}
