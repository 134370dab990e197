// Shapes of the admin-only endpoints (figures, settings, a workspace's storage quota).
import { z } from "zod";
import type { AdminUser } from "./users";

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
export type WorkspaceStorage = {
  workspaceId: string;
  usedBytes: number;
  quotaBytes: number;
  /** True when the quota is the configured default (no override). */
  isDefault: boolean;
};

export type AdminStats = {
  totalUsers: number;
  yearlyMembers: number;
  activeYearlyMembers: number;
  yearlyRevenue: number;
  monthlyRevenue: number;
  /** Yearly members / all users, one decimal, as text ("12.5"). */
  conversionRate: string;
  recentSignups: AdminUser[];
  /** The last twelve calendar months (UTC), oldest first, months without sign-ups included. */
  signupsByMonth: { month: string; count: number }[];
  reports: {
    total: number;
    open: number;
    inProgress: number;
    resolved: number;
    closed: number;
    lastThirtyDays: number;
  };
  projects: number;
  workspaces: number;
  /** Accounts in demo sandboxes, left out of every figure above. */
  demoAccounts: number;
};

export type SystemSettings = {
  version: string;
  database: "sqlite" | "postgres";
  storage: "disk" | "s3";
  demoEnabled: boolean;
  nodeVersion: string;
  counts: {
    users: number;
    workspaces: number;
    projects: number;
    reports: number;
    attachments: number;
    notifications: number;
  };
  /** The mail queue (issue 26): where mail goes, what waits, and the last failed attempt's reason. */
  mail: {
    transport: "smtp" | "files";
    queued: number;
    failed: number;
    lastError: string | null;
    /** ISO time of that failed attempt. */
    lastErrorAt: string | null;
  };
};
