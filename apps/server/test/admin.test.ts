import type { AdminStats, SystemSettings } from "@sitesnag/shared/admin";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastMonths } from "../src/admin/admin.service";
import { expectError } from "./assertions";
import { demoLogin, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe("months for the sign-up chart", () => {
  it("are the last twelve calendar months in UTC, oldest first", () => {
    const months = lastMonths(Date.UTC(2026, 0, 15), 12);
    expect(months.map((m) => m.month)).toEqual([
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect(months[11]).toMatchObject({ start: Date.UTC(2026, 0, 1) / 1000, end: Date.UTC(2026, 1, 1) / 1000 });
  });
});

describe.each(DIALECTS)("admin (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("figures: users, yearly members, revenue, conversion to one decimal, sign-ups by month; demo left out", async () => {
    const admin = await signInAdmin(t);
    const a = await signUp(t, { firstName: "=cmd" });
    const b = await signUp(t);
    const demo = await demoLogin(t);
    const now = Math.floor(Date.now() / 1000);
    const patch = (id: string, body: object) =>
      t.request({ method: "PATCH", url: `/api/users/${id}/membership`, token: admin.accessToken, payload: body });
    expect(
      (
        await patch(a.user.id, {
          membership_type: "yearly",
          membership_start_date: now,
          membership_end_date: now + 1000,
          membership_amount: 99.99,
        })
      ).statusCode,
    ).toBe(200);
    const res = await t.request({ method: "GET", url: "/api/admin/stats", token: admin.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const { stats } = res.json() as { stats: AdminStats };
    expect(stats).toMatchObject({
      totalUsers: 3,
      yearlyMembers: 1,
      activeYearlyMembers: 1,
      yearlyRevenue: 99.99,
      monthlyRevenue: 8.33,
      conversionRate: "33.3",
      demoAccounts: 1,
    });
    expect(stats.signupsByMonth).toHaveLength(12);
    expect(stats.signupsByMonth.at(-1)?.count).toBe(3);
    expect(stats.recentSignups[0]?.first_name).toBeDefined();
    // Recent sign-ups are customers, as the counts are: the demo visitor, newest of all, is left out.
    expect(stats.recentSignups.map((u) => u.id)).not.toContain(demo.user.id);
    expect(stats.recentSignups.slice(0, 2).map((u) => u.id)).toEqual([b.user.id, a.user.id]);

    const csv = await t.request({ method: "GET", url: "/api/admin/export/users.csv", token: admin.accessToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="sitesnag-users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,first_name,last_name,email,role,workspace,workspace_role,membership_type,membership_status,membership_start_date,membership_end_date,membership_amount,created_at,workspace_storage_bytes,workspace_storage_quota_bytes",
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith(a.user.id))).toContain(",'=cmd,Builder,");
    expect(lines.find((l) => l.startsWith(a.user.id))).toContain(",yearly,Active,");
  });

  it("the users export keeps a name with a line break in one quoted cell", async () => {
    const admin = await signInAdmin(t);
    const eve = await signUp(t);
    const edit = await t.request({
      method: "PATCH",
      url: `/api/users/${eve.user.id}`,
      token: eve.accessToken,
      payload: { firstName: "Eve\n=2+5", lastName: "Line\r@SUM(1)", email: eve.user.email },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const csv = await t.request({ method: "GET", url: "/api/admin/export/users.csv", token: admin.accessToken });
    expect(csv.body).toContain(`${eve.user.id},"Eve\n=2+5","Line\r@SUM(1)",`);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.id === eve.user.id)).toMatchObject({
      first_name: "Eve\n=2+5",
      last_name: "Line\r@SUM(1)",
    });
    // Nothing after a line break became a row of its own.
    expect(rows.every((r) => /^[0-9a-f-]{36}$/.test(r.id ?? ""))).toBe(true);
  });

  it("settings name the database, storage, version and counts", async () => {
    const admin = await signInAdmin(t);
    const res = await t.request({ method: "GET", url: "/api/admin/settings", token: admin.accessToken });
    const { settings } = res.json() as { settings: SystemSettings };
    expect(settings).toMatchObject({
      database: kind,
      storage: "disk",
      demoEnabled: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(settings.counts.users).toBeGreaterThanOrEqual(1);
  });

  it("members and anonymous callers are refused on every admin route", async () => {
    const member = await signUp(t);
    for (const url of ["/api/admin/stats", "/api/admin/settings", "/api/admin/export/users.csv"]) {
      expectError(await t.request({ method: "GET", url, token: member.accessToken }), 403);
      expectError(await t.request({ method: "GET", url }), 401);
    }
  });
});
