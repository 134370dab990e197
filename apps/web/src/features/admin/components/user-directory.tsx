import { MEMBERSHIP_FILTERS, type MembershipFilter } from "@sitesnag/shared/enums";
import type { AdminUser } from "@sitesnag/shared/users";
import { Search } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Button } from "../../../components/button";
import { LoadMore } from "../../../components/load-more";
import { ErrorState, LoadingState } from "../../../components/states";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useAdminUsers } from "../api/admin-api";
import { FILTER_LABELS, ROLE_LABELS, TYPE_LABELS } from "./labels";
import { MembershipBadge } from "./membership-badge";
import { formatMoney } from "./money";
import { StorageUsage } from "./storage-usage";
import { UserCards } from "./user-cards";

/** Users, a server-side page at a time, searchable by name or email and filtered by membership status. */
export function UserDirectory({
  variant,
  onEdit,
}: {
  variant: "users" | "memberships";
  onEdit?: (user: AdminUser) => void;
}) {
  const [search, setSearch] = useState("");
  const [membership, setMembership] = useState<MembershipFilter>("all");
  const deferredSearch = useDeferredValue(search);
  const users = useAdminUsers({ search: deferredSearch, membership });
  const list = useMemo(() => users.data?.pages.flatMap((p) => p.users) ?? [], [users.data]);
  const total = users.data?.pages[0]?.total ?? 0;
  const t = useT();
  const locale = useLocale();
  useErrorToast(users.error, t("admin.loadFailed"));
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label={t("admin.users.search")}
            placeholder={t("admin.users.searchPlaceholder")}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 ps-9 pe-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>{t("admin.users.membership")}</span>
          <select
            value={membership}
            onChange={(e) => {
              setMembership(e.target.value as MembershipFilter);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm"
          >
            {MEMBERSHIP_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(FILTER_LABELS[f])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {users.isPending ? (
        <LoadingState label={t("admin.users.loading")} />
      ) : users.isError && list.length === 0 ? (
        <ErrorState
          message={errorMessage(users.error, t("admin.loadFailed"))}
          onRetry={() => users.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
          {t("admin.users.noMatch")}
        </p>
      ) : (
        <>
          <UserCards users={list} variant={variant} onEdit={onEdit} />
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t("admin.users.name")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("admin.settings.email")}
                  </th>
                  {variant === "users" ? (
                    <>
                      <th scope="col" className="px-4 py-3">
                        {t("profile.role")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.membership")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.joined")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.storage")}
                      </th>
                    </>
                  ) : (
                    <>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.type")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("projects.form.status")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.ends")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        {t("admin.users.amount")}
                      </th>
                      <th scope="col" className="px-4 py-3">
                        <span className="sr-only">{t("admin.users.actions")}</span>
                      </th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((u) => (
                  <tr key={u.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {u.first_name} {u.last_name}
                    </td>
                    <td className="break-all px-4 py-3 text-slate-700">{u.email}</td>
                    {variant === "users" ? (
                      <>
                        <td className="px-4 py-3">{t(ROLE_LABELS[u.role])}</td>
                        <td className="px-4 py-3">
                          <MembershipBadge user={u} />
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">{formatDateFor(locale, u.created_at)}</td>
                        <td className="px-4 py-3">
                          <div className="flex flex-wrap items-center gap-2">
                            <StorageUsage user={u} />
                            {onEdit && (
                              <Button
                                variant="secondary"
                                onClick={() => onEdit(u)}
                                aria-label={t("admin.users.quotaLabel", {
                                  workspace: u.workspaceName,
                                  name: `${u.first_name} ${u.last_name}`,
                                })}
                              >
                                {t("admin.users.quota")}
                              </Button>
                            )}
                          </div>
                        </td>
                      </>
                    ) : (
                      <>
                        <td className="px-4 py-3">{t(TYPE_LABELS[u.membership_type])}</td>
                        <td className="px-4 py-3">
                          <MembershipBadge user={u} />
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">
                          {u.membership_end_date === null ? "—" : formatDateFor(locale, u.membership_end_date)}
                        </td>
                        <td className="px-4 py-3">{formatMoney(u.membership_amount)}</td>
                        <td className="px-4 py-3 text-end">
                          <Button
                            variant="secondary"
                            onClick={() => onEdit?.(u)}
                            aria-label={t("admin.users.editLabel", { name: `${u.first_name} ${u.last_name}` })}
                          >
                            {t("contacts.editAction")}
                          </Button>
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("admin.users.shown", { shown: list.length, total })}</p>
          <LoadMore query={users} shown={list.length} noun="users" />
        </>
      )}
    </>
  );
}
