// Shapes of the admin-only endpoints (figures, settings).
import type { AdminUser } from "./users";

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
