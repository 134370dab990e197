// Membership status shown in the admin area (SPEC §4) and the revenue figures of SPEC §9.
import type { MembershipType } from "./enums";

export const MEMBERSHIP_STATUSES = ["Free", "Inactive", "Expired", "Active"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Free for type free; Inactive for yearly with no end date; Expired once the end date is past; else Active. */
export function membershipStatus(
  membership: { membership_type: MembershipType; membership_end_date: number | null },
  nowSeconds: number,
): MembershipStatus {
  if (membership.membership_type === "free") return "Free";
  if (membership.membership_end_date === null) return "Inactive";
  if (membership.membership_end_date < nowSeconds) return "Expired";
  return "Active";
}

/** Yearly members / all users as a percentage with one decimal ("12.5"); "0.0" with no users. */
export function conversionRate(yearlyMembers: number, totalUsers: number): string {
  if (totalUsers <= 0) return "0.0";
  return ((yearlyMembers / totalUsers) * 100).toFixed(1);
}

/** Monthly revenue is the yearly revenue spread over twelve months, rounded to pence. */
export const monthlyRevenue = (yearly: number): number => Math.round((yearly / 12) * 100) / 100;
