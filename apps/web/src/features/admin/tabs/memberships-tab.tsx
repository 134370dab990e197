import type { AdminUser } from "@sitesnag/shared/users";
import { useState } from "react";
import { lazyDialog } from "../../../lib/lazy-dialog";
import { UserDirectory } from "../components/user-directory";

const MembershipDialog = lazyDialog(
  () => import("../components/membership-dialog").then((m) => m.MembershipDialog),
  (p) => p.user !== null,
);

export function MembershipsTab() {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        Free: free plan. Inactive: yearly without an end date. Expired: end date passed. Active: yearly and running.
      </p>
      <UserDirectory variant="memberships" onEdit={setEditing} />
      <MembershipDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
