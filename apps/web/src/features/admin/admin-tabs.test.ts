import { describe, expect, it } from "vitest";
import { resolveAdminTab } from "./admin-tabs";

describe("admin tab from ?tab=", () => {
  it.each([
    ["dashboard", "Admin Dashboard"],
    ["users", "User Management"],
    ["memberships", "Memberships"],
    ["analytics", "Reports & Analytics"],
    ["export", "Export Data"],
    ["settings", "System Settings"],
  ])("%s selects %s", (id, label) => {
    expect(resolveAdminTab(id).label).toBe(label);
  });

  it.each([null, "", "USERS", "unknown", "__proto__"])("falls back to the dashboard for %s", (value) => {
    expect(resolveAdminTab(value).id).toBe("dashboard");
  });
});
