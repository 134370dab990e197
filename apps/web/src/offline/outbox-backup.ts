// Backup of unsynced work (issue 28): the signed-in user's queue, photos included, as one file, and
// its import on any device signed in to the same account. Imported items keep their ids and
// tempIds: one already queued here is skipped, and one another device already sent is answered by
// the server's ledger as a replay, so nothing is applied twice.
import { BACKUP_FORMAT, MAX_BACKUP_BYTES, type OutboxBackup, OutboxBackupSchema } from "@sitesnag/shared/outbox-backup";
import { outboxFor } from "./outbox";
import { announceOutbox, outboxExists } from "./outbox-presence";

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string, type: string): Blob {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export class BackupRefused extends Error {
  override name = "BackupRefused";
}

export async function exportBackup(userId: string): Promise<{ blob: Blob; items: number }> {
  if (!(await outboxExists(userId))) throw new BackupRefused("Nothing on this device is waiting to sync.");
  const store = outboxFor(userId);
  const items = (await store.items()).map(({ error: _e, errorStatus: _s, ...item }) => item);
  const photos = await store.photos(items.flatMap((i) => i.photoIds));
  const backup: OutboxBackup = {
    format: BACKUP_FORMAT,
    version: 1,
    userId,
    exportedAt: Date.now(),
    items,
    photos: await Promise.all(
      photos.map(async (p) => ({
        id: p.id,
        itemId: p.itemId,
        name: p.name,
        type: p.blob.type,
        base64: await toBase64(p.blob),
      })),
    ),
  };
  return { blob: new Blob([JSON.stringify(backup)], { type: "application/json" }), items: items.length };
}

/** Queues the backup's changes that are not queued here yet; answers how many were added and skipped. */
export async function importBackup(userId: string, file: Blob): Promise<{ added: number; skipped: number }> {
  if (file.size > MAX_BACKUP_BYTES) throw new BackupRefused("This file is too large to be a backup of unsynced work.");
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new BackupRefused("This file is not a SiteSnag backup of unsynced work.");
  }
  const parsed = OutboxBackupSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupRefused(parsed.error.issues[0]?.message ?? "This file is not a SiteSnag backup of unsynced work.");
  }
  const backup = parsed.data;
  if (backup.userId !== userId) {
    throw new BackupRefused("This backup belongs to another account. Sign in to that account to import it.");
  }
  const store = outboxFor(userId);
  const queued = new Set((await store.items()).map((i) => i.id));
  const photos = new Map(backup.photos.map((p) => [p.id, p]));
  let added = 0;
  let skipped = 0;
  for (const item of backup.items) {
    const own = item.photoIds.map((id) => photos.get(id));
    if (queued.has(item.id) || own.some((p) => p === undefined || p.itemId !== item.id)) {
      skipped += 1;
      continue;
    }
    try {
      await store.enqueue(
        item,
        own.flatMap((p) =>
          p ? [{ id: p.id, itemId: item.id, name: p.name, blob: fromBase64(p.base64, p.type) }] : [],
        ),
      );
      added += 1;
    } catch (err) {
      // A photo of it is already here under that id (imported before): it is queued already.
      if ((err as { name?: string }).name !== "ConstraintError" && (err as { name?: string }).name !== "BulkError")
        throw err;
      skipped += 1;
    }
  }
  if (added > 0) announceOutbox(userId);
  return { added, skipped };
}
