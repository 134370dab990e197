import type { AdminUser } from "@sitesnag/shared/users";
import { useState } from "react";
import { useT } from "../../../i18n/use-t";
import { lazyDialog } from "../../../lib/lazy-dialog";
import { UserDirectory } from "../components/user-directory";

const MembershipDialog = lazyDialog(
  () => import("../components/membership-dialog").then((m) => m.MembershipDialog),
  (p) => p.user !== null,
);

export function MembershipsTab() {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const t = useT();
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">{t("admin.memberships.legend")}</p>
      <UserDirectory variant="memberships" onEdit={setEditing} />
      <MembershipDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
