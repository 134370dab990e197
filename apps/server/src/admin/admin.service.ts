// Admin figures and system facts. Every function re-checks the admin role (the routes do too).
import type { AdminStats, StorageQuotaInput, SystemSettings, WorkspaceStorage } from "@sitesnag/shared/admin";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { conversionRate, monthlyRevenue } from "@sitesnag/shared/membership";
import packageJson from "../../package.json" with { type: "json" };
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import { outboxStatus } from "../mail/mail-outbox.repository";
import { storageUsage } from "../quotas/storage-quota";
import { nowSeconds } from "../time";
import { presentAdminUser } from "../users/users.presenter";
import { findUsersPage } from "../users/users.repository";
import { withStorageQuota } from "../users/users.service";
import { countDemoAccounts, countRows, membershipFigures, reportFigures, signupsInRanges } from "./admin.repository";

export function requireAdminUser(user: UserRow): void {
  if (user.role !== "admin") throw forbidden("Only administrators can do that");
}

/** The last `count` calendar months in UTC, oldest first, as 'YYYY-MM' with their bounds in seconds. */
export function lastMonths(nowMs: number, count: number): { month: string; start: number; end: number }[] {
  const now = new Date(nowMs);
  const months = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1);
    months.push({ month: new Date(start).toISOString().slice(0, 7), start: start / 1000, end: end / 1000 });
  }
  return months;
}

export async function getAdminStats(ctx: AppContext, user: UserRow): Promise<AdminStats> {
  requireAdminUser(user);
  const now = nowSeconds();
  const months = lastMonths(now * 1000, 12);
  const [members, signups, reports, recent, projects, workspaces, demoAccounts] = await Promise.all([
    membershipFigures(ctx.db, now),
    signupsInRanges(ctx.db, months),
    reportFigures(ctx.db, now - 30 * 24 * 60 * 60),
    // The newest customers, like the figures beside them: demo visitors are counted apart.
    findUsersPage(ctx.db, { membership: "all", now, withoutDemo: true }, { offset: 0, limit: 5 }),
    countRows(ctx.db, "projects"),
    countRows(ctx.db, "workspaces"),
    countDemoAccounts(ctx.db),
  ]);
  return {
    totalUsers: members.total,
    yearlyMembers: members.yearly,
    activeYearlyMembers: members.activeYearly,
    yearlyRevenue: members.yearlyRevenue,
    monthlyRevenue: monthlyRevenue(members.yearlyRevenue),
    conversionRate: conversionRate(members.yearly, members.total),
    recentSignups: recent.rows.map((row) => presentAdminUser(withStorageQuota(ctx, row))),
    signupsByMonth: months.map((m, i) => ({ month: m.month, count: signups[i] ?? 0 })),
    reports,
    projects,
    workspaces,
    demoAccounts,
  };
}

export async function getSystemSettings(ctx: AppContext, user: UserRow): Promise<SystemSettings> {
  requireAdminUser(user);
  const [users, workspaces, projects, reports, attachments, notifications, mail] = await Promise.all([
    countRows(ctx.db, "users"),
    countRows(ctx.db, "workspaces"),
    countRows(ctx.db, "projects"),
    countRows(ctx.db, "snagging_reports"),
    countRows(ctx.db, "attachments"),
    countRows(ctx.db, "notifications"),
    outboxStatus(ctx.db),
  ]);
  return {
    version: packageJson.version,
    database: ctx.dbKind,
    storage: ctx.config.s3 ? "s3" : "disk",
    // The demo has no switch: /demo and the demo login are always served.
    demoEnabled: true,
    nodeVersion: process.version,
    counts: { users, workspaces, projects, reports, attachments, notifications },
    mail: {
      transport: ctx.mail.transportKind,
      queued: mail.queued,
      failed: mail.failed,
      lastError: mail.lastError,
      lastErrorAt: mail.lastErrorAt === null ? null : new Date(mail.lastErrorAt * 1000).toISOString(),
    },
  };
}

/**
 * PATCH /api/admin/workspaces/{id}/storage-quota: the platform admin gives one workspace its own
 * storage quota (a whole number of MB), or null to return it to the configured default. Lowering it
 * below what is stored deletes nothing: new files are refused until room is made. Logged at info
 * with who changed what, from and to.
 */
export async function setWorkspaceStorageQuota(
  ctx: AppContext,
  admin: UserRow,
  workspaceId: string,
  input: StorageQuotaInput,
): Promise<WorkspaceStorage> {
  requireAdminUser(admin);
  const before = UUID_PATTERN.test(workspaceId) ? await storageUsage(ctx, workspaceId) : undefined;
  const exists =
    before &&
    (await ctx.db.selectFrom("workspaces").select("id").where("id", "=", workspaceId).executeTakeFirst()) !== undefined;
  if (!exists) throw notFound("Workspace");
  const quotaBytes = input.quotaMb === null ? null : input.quotaMb * 1024 * 1024;
  await ctx.db
    .updateTable("workspaces")
    .set({ storage_quota_bytes: quotaBytes })
    .where("id", "=", workspaceId)
    .execute();
  const after = await storageUsage(ctx, workspaceId);
  ctx.log.info(
    {
      adminId: admin.id,
      workspaceId,
      fromBytes: before.quotaBytes,
      toBytes: after.quotaBytes,
      isDefault: quotaBytes === null,
    },
    "workspace storage quota changed by the platform admin",
  );
  return { workspaceId, usedBytes: after.usedBytes, quotaBytes: after.quotaBytes, isDefault: quotaBytes === null };
}
