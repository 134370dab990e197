import { type MembershipStatus, membershipStatus } from "@sitesnag/shared/membership";
import type { AdminUser } from "@sitesnag/shared/users";
import { clsx } from "clsx";

const STYLES: Record<MembershipStatus, string> = {
  Free: "bg-slate-100 text-slate-700",
  Inactive: "bg-amber-100 text-amber-900",
  Expired: "bg-red-100 text-red-800",
  Active: "bg-green-100 text-green-800",
};

export function MembershipBadge({ user }: { user: Pick<AdminUser, "membership_type" | "membership_end_date"> }) {
  const status = membershipStatus(user, Math.floor(Date.now() / 1000));
  return (
    <span className={clsx("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", STYLES[status])}>
      {status}
    </span>
  );
}
