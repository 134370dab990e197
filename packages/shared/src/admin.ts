// Shapes of the admin-only endpoints (figures, settings, a workspace's storage quota).
import { z } from "zod";
import { AdminUserSchema } from "./users";

/** The largest storage quota the admin can give one workspace: 1 TiB, in MB. */
export const MAX_STORAGE_QUOTA_MB = 1024 * 1024;

/**
 * PATCH /api/admin/workspaces/{id}/storage-quota: a whole number of MB for this workspace, or null
 * to go back to the configured default (STORAGE_QUOTA_MB, or DEMO_STORAGE_QUOTA_MB for a sandbox).
 */
export const StorageQuotaInputSchema = z
  .object({
    quotaMb: z
      .number({ error: "Enter the quota as a number of MB" })
      .int("Enter a whole number of MB")
      .min(1, "The quota must be at least 1 MB")
      .max(MAX_STORAGE_QUOTA_MB, `The quota can be at most ${MAX_STORAGE_QUOTA_MB} MB (1 TB)`)
      .nullable(),
  })
  .strict();
export type StorageQuotaInput = z.infer<typeof StorageQuotaInputSchema>;

/** The workspace's storage after a quota change. */
export const WorkspaceStorageSchema = z.object({
  workspaceId: z.string(),
  usedBytes: z.number(),
  quotaBytes: z.number(),
  /** True when the quota is the configured default (no override). */
  isDefault: z.boolean(),
});
export type WorkspaceStorage = z.infer<typeof WorkspaceStorageSchema>;

const count = z.number().int();
export const AdminStatsSchema = z.object({
  totalUsers: count,
  yearlyMembers: count,
  activeYearlyMembers: count,
  yearlyRevenue: z.number(),
  monthlyRevenue: z.number(),
  /** Yearly members / all users, one decimal, as text ("12.5"). */
  conversionRate: z.string(),
  recentSignups: z.array(AdminUserSchema),
  /** The last twelve calendar months (UTC), oldest first, months without sign-ups included. */
  signupsByMonth: z.array(z.object({ month: z.string(), count })),
  reports: z.object({
    total: count,
    open: count,
    inProgress: count,
    resolved: count,
    closed: count,
    lastThirtyDays: count,
  }),
  projects: count,
  workspaces: count,
  /** Accounts in demo sandboxes, left out of every figure above. */
  demoAccounts: count,
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const SystemSettingsSchema = z.object({
  version: z.string(),
  database: z.enum(["sqlite", "postgres"]),
  storage: z.enum(["disk", "s3"]),
  demoEnabled: z.boolean(),
  nodeVersion: z.string(),
  counts: z.object({
    users: count,
    workspaces: count,
    projects: count,
    reports: count,
    attachments: count,
    notifications: count,
  }),
  /** The mail queue (issue 26): where mail goes, what waits, and the last failed attempt's reason. */
  mail: z.object({
    transport: z.enum(["smtp", "files"]),
    queued: count,
    failed: count,
    lastError: z.string().nullable(),
    /** ISO time of that failed attempt. */
    lastErrorAt: z.string().nullable(),
  }),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;
