// The words of the admin lists that come from fixed values (roles, membership types and filters).
import type { MembershipFilter, MembershipType } from "@sitesnag/shared/enums";
import type { Message } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";

export const ROLE_LABELS: Record<"admin" | "user", Message> = { admin: msg("role.admin"), user: msg("role.user") };

export const TYPE_LABELS: Record<MembershipType, Message> = {
  free: msg("admin.membership.free"),
  yearly: msg("admin.membership.yearly"),
};

export const FILTER_LABELS: Record<MembershipFilter, Message> = {
  all: msg("admin.filter.all"),
  free: msg("admin.membership.free"),
  active: msg("admin.membership.active"),
  expired: msg("admin.membership.expired"),
  inactive: msg("admin.membership.inactive"),
};
