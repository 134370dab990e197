import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useT } from "../../i18n/use-t";
import { useAuthStore } from "../../stores/auth-store";
import { AccountCard } from "./account-card";
import { LanguageCard } from "./language-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";

const OutboxBackupPanel = lazy(() =>
  import("../../offline/outbox-backup-panel").then((m) => ({ default: m.OutboxBackupPanel })),
);

// Loaded after the page's first paint: its own chunk, outside the profile screen's budget.
const EmailCard = lazy(() => import("./email-card").then((m) => ({ default: m.EmailCard })));
// Two-factor and signed-in devices (issue 40): below the fold, their own chunks too.
const SecurityCard = lazy(() => import("../security/security-card").then((m) => ({ default: m.SecurityCard })));
const PasskeysCard = lazy(() => import("../security/passkeys-card").then((m) => ({ default: m.PasskeysCard })));
const SessionsCard = lazy(() => import("../security/sessions-card").then((m) => ({ default: m.SessionsCard })));

export function ProfilePage() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  // The link sits inside the sentence wherever the language puts it: split at its placeholder.
  const [before, after] = t("profile.subtitle", { team: "\u0000" }).split("\u0000");
  return (
    <>
      <PageHeader
        title={t("profile.title")}
        subtitle={
          <>
            {before}
            <Link to="/app/team" className="font-medium text-brand-700 underline">
              {t("profile.subtitleTeam")}
            </Link>
            {after}
          </>
        }
      />
      <div className="grid max-w-3xl grid-cols-1 gap-5">
        <AccountCard user={user} />
        <LanguageCard />
        <PasswordCard userId={user.id} />
        <Suspense fallback={null}>
          <SecurityCard />
          <PasskeysCard />
          <SessionsCard />
        </Suspense>
        <ProfileCard title={t("profile.unsynced.title")}>
          <p className="text-sm text-slate-600">{t("profile.unsynced.body")}</p>
          <Suspense fallback={null}>
            <OutboxBackupPanel canDownload />
          </Suspense>
        </ProfileCard>
        <Suspense fallback={null}>
          <EmailCard />
        </Suspense>
      </div>
    </>
  );
}
