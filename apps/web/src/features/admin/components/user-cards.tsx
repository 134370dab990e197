import type { AdminUser } from "@sitesnag/shared/users";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { ROLE_LABELS, TYPE_LABELS } from "./labels";
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
  const t = useT();
  const locale = useLocale();
  return (
    <ul aria-label={t("admin.settings.users")} className="space-y-3 sm:hidden">
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
                    <dt className="text-slate-500">{t("profile.role")}</dt>
                    <dd>{t(ROLE_LABELS[u.role])}</dd>
                    <dt className="text-slate-500">{t("admin.users.joined")}</dt>
                    <dd>{formatDateFor(locale, u.created_at)}</dd>
                    <dt className="text-slate-500">{t("admin.users.storage")}</dt>
                    <dd>
                      <StorageUsage user={u} />
                    </dd>
                  </>
                ) : (
                  <>
                    <dt className="text-slate-500">{t("admin.users.type")}</dt>
                    <dd>{t(TYPE_LABELS[u.membership_type])}</dd>
                    <dt className="text-slate-500">{t("admin.users.ends")}</dt>
                    <dd>{u.membership_end_date === null ? "—" : formatDateFor(locale, u.membership_end_date)}</dd>
                    <dt className="text-slate-500">{t("admin.users.amount")}</dt>
                    <dd>{formatMoney(u.membership_amount)}</dd>
                  </>
                )}
                <dt className="text-slate-500">{t("projects.form.status")}</dt>
                <dd>
                  <MembershipBadge user={u} />
                </dd>
              </dl>
              {variant === "users" && onEdit && (
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  onClick={() => onEdit(u)}
                  aria-label={t("admin.users.quotaLabel", { workspace: u.workspaceName, name })}
                >
                  {t("admin.users.quota")}
                </Button>
              )}
              {variant === "memberships" && (
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  onClick={() => onEdit?.(u)}
                  aria-label={t("admin.users.editLabel", { name })}
                >
                  {t("contacts.editAction")}
                </Button>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
