import type { User } from "@sitesnag/shared/auth";
import { Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/button";
import { useLocale, useT } from "../../i18n/use-t";
import { formatDateFor } from "../../lib/format";
import { ProfileCard } from "./profile-card";

// The edit form (react-hook-form) loads when Edit is first pressed or pointed at; until it is in,
// the card keeps showing the details, so nothing jumps.
const loadForm = () => import("./account-form");
const AccountForm = lazy(() => loadForm().then((m) => ({ default: m.AccountForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900 sm:col-span-2 sm:mt-0">{value}</dd>
    </div>
  );
}

/** Account information, shown read-only until Edit is pressed (SPEC §2). */
export function AccountCard({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const details = (
    <dl className="divide-y divide-slate-100">
      <Detail label={t("profile.firstName")} value={user.firstName} />
      <Detail label={t("profile.lastName")} value={user.lastName} />
      <Detail label={t("profile.email")} value={user.email} />
      <Detail label={t("profile.role")} value={user.role === "admin" ? t("role.admin") : t("role.user")} />
      <Detail label={t("profile.memberSince")} value={formatDateFor(locale, user.created_at)} />
    </dl>
  );
  return (
    <ProfileCard
      title={t("profile.account.title")}
      action={
        !editing && (
          <Button variant="secondary" onPointerEnter={preloadForm} onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-4" />
            {t("profile.account.edit")}
          </Button>
        )
      }
    >
      {editing ? (
        <Suspense fallback={details}>
          <AccountForm user={user} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        details
      )}
    </ProfileCard>
  );
}
