// Closed value sets of SPEC.md §3 and §9, shared by the server, the web app and the tests.
export const PRODUCT_NAME = "SiteSnag";

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_TYPES = ["free", "yearly"] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** The admin user directory's membership filter (SPEC §2). */
export const MEMBERSHIP_FILTERS = ["all", "free", "active", "expired", "inactive"] as const;
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number];

export const PROJECT_STATUSES = ["active", "completed", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const REPORT_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const PRIORITIES = ["critical", "high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const CATEGORIES = ["safety", "finish", "plumbing", "electrical", "structural", "hvac", "other"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A member's place in their workspace: the first account is its owner; owners invite and remove. */
export const WORKSPACE_ROLES = ["owner", "member"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
