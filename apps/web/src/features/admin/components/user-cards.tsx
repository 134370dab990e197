import type { AdminUser } from "@sitesnag/shared/users";
import { Button } from "../../../components/button";
import { capitalise, formatDate } from "../../../lib/format";
import { MembershipBadge } from "./membership-badge";
import { formatMoney } from "./money";
import { StorageUsage } from "./storage-usage";

/** The user list on phones: one card per user instead of a table that scrolls sideways. */
export function UserCards({
  users,
  variant,
  onEdit,
}: {
  users: AdminUser[];
  variant: "users" | "memberships";
  onEdit?: ((user: AdminUser) => void) | undefined;
}) {
  return (
    <ul aria-label="Users" className="space-y-3 sm:hidden">
      {users.map((u) => {
        const name = `${u.first_name} ${u.last_name}`;
        return (
          <li key={u.id}>
            <article aria-label={name} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
              <p className="break-words font-semibold text-slate-900">{name}</p>
              <p className="break-all text-slate-600">{u.email}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
                {variant === "users" ? (
                  <>
                    <dt className="text-slate-500">Role</dt>
                    <dd>{capitalise(u.role)}</dd>
                    <dt className="text-slate-500">Joined</dt>
                    <dd>{formatDate(u.created_at)}</dd>
                    <dt className="text-slate-500">Workspace storage</dt>
                    <dd>
                      <StorageUsage user={u} />
                    </dd>
                  </>
                ) : (
                  <>
                    <dt className="text-slate-500">Type</dt>
                    <dd>{capitalise(u.membership_type)}</dd>
                    <dt className="text-slate-500">Ends</dt>
                    <dd>{u.membership_end_date === null ? "—" : formatDate(u.membership_end_date)}</dd>
                    <dt className="text-slate-500">Amount</dt>
                    <dd>{formatMoney(u.membership_amount)}</dd>
                  </>
                )}
                <dt className="text-slate-500">Status</dt>
                <dd>
                  <MembershipBadge user={u} />
                </dd>
              </dl>
              {variant === "users" && onEdit && (
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  onClick={() => onEdit(u)}
                  aria-label={`Change quota of ${u.workspaceName} (${name})`}
                >
                  Change quota
                </Button>
              )}
              {variant === "memberships" && (
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  onClick={() => onEdit?.(u)}
                  aria-label={`Edit membership of ${name}`}
                >
                  Edit
                </Button>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
