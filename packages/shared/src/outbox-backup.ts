import { z } from "zod";
import { SYNC_ACTIONS } from "./sync";

// "Download a backup of unsynced work" (issue 28): one JSON file with a user's queued changes and
// their photos (base64), imported on any device signed in to the same account and applied through
// the same queue, so the server's ledger (user, tempId) keeps it exactly once whichever device
// sends it first.

export const BACKUP_FORMAT = "sitesnag-outbox-backup";
/** Larger files are refused before they are read (a day's photos are far smaller). */
export const MAX_BACKUP_BYTES = 1024 * 1024 * 1024;

const Id = z.string().min(1).max(100);

export const OutboxBackupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: "This file is not a SiteSnag backup of unsynced work." }),
  version: z.literal(1, { error: "This backup was made by a newer version of SiteSnag." }),
  userId: Id,
  exportedAt: z.number(),
  items: z
    .array(
      z.object({
        id: Id,
        tempId: Id,
        action: z.enum(SYNC_ACTIONS),
        resource: z.literal("snagging"),
        data: z.record(z.string(), z.unknown()),
        timestamp: z.number(),
        photoIds: z.array(Id).max(20),
      }),
    )
    .max(10_000),
  photos: z.array(
    z.object({
      id: Id,
      itemId: Id,
      name: z.string().max(300),
      type: z.string().max(100),
      base64: z.string(),
    }),
  ),
});
export type OutboxBackup = z.infer<typeof OutboxBackupSchema>;
