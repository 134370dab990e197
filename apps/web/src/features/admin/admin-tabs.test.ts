import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
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
    // Outside the build the label is the message's id; its English is the catalogue's.
    const message = resolveAdminTab(id).label;
    const key = (typeof message === "string" ? message : message[0]) as keyof (typeof SOURCE_CATALOGUES)["en-GB"];
    expect(SOURCE_CATALOGUES["en-GB"][key]).toBe(label);
  });

  it.each([null, "", "USERS", "unknown", "__proto__"])("falls back to the dashboard for %s", (value) => {
    expect(resolveAdminTab(value).id).toBe("dashboard");
  });
});
