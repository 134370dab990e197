import { type MembershipStatus, membershipStatus } from "@sitesnag/shared/membership";
import type { AdminUser } from "@sitesnag/shared/users";
import { clsx } from "clsx";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";

const STYLES: Record<MembershipStatus, string> = {
  Free: "bg-slate-100 text-slate-700",
  Inactive: "bg-amber-100 text-amber-900",
  Expired: "bg-red-100 text-red-800",
  Active: "bg-green-100 text-green-800",
};

const LABELS: Record<MembershipStatus, Message> = {
  Free: msg("admin.membership.free"),
  Inactive: msg("admin.membership.inactive"),
  Expired: msg("admin.membership.expired"),
  Active: msg("admin.membership.active"),
};

export function MembershipBadge({ user }: { user: Pick<AdminUser, "membership_type" | "membership_end_date"> }) {
  const status = membershipStatus(user, Math.floor(Date.now() / 1000));
  const t = useT();
  return (
    <span className={clsx("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", STYLES[status])}>
      {t(LABELS[status])}
    </span>
  );
}
