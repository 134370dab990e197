import { describe, expect, it } from "vitest";
import { conversionRate, membershipStatus, monthlyRevenue } from "./membership";
import { unreadBadge } from "./notification-badge";

const NOW = 1_800_000_000;

describe("membership status (SPEC §4)", () => {
  it.each([
    [{ membership_type: "free", membership_end_date: null }, "Free"],
    [{ membership_type: "free", membership_end_date: NOW - 1 }, "Free"],
    [{ membership_type: "yearly", membership_end_date: null }, "Inactive"],
    [{ membership_type: "yearly", membership_end_date: NOW - 1 }, "Expired"],
    [{ membership_type: "yearly", membership_end_date: NOW }, "Active"],
    [{ membership_type: "yearly", membership_end_date: NOW + 86_400 }, "Active"],
  ] as const)("%j is %s", (membership, status) => {
    expect(membershipStatus(membership, NOW)).toBe(status);
  });
});

describe("revenue figures (SPEC §9)", () => {
  it("conversion rate has one decimal and survives zero users", () => {
    expect(conversionRate(1, 3)).toBe("33.3");
    expect(conversionRate(2, 3)).toBe("66.7");
    expect(conversionRate(0, 0)).toBe("0.0");
    expect(conversionRate(5, 5)).toBe("100.0");
  });
  it("monthly revenue is a twelfth of the yearly, to the penny", () => {
    expect(monthlyRevenue(120)).toBe(10);
    expect(monthlyRevenue(99.99)).toBe(8.33);
  });
});

describe("bell badge", () => {
  it.each([
    [0, null],
    [-1, null],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("%i unread shows %s", (count, badge) => {
    expect(unreadBadge(count)).toBe(badge);
  });
});
