import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useAuthStore } from "../../stores/auth-store";
import { AccountCard } from "./account-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";

const OutboxBackupPanel = lazy(() =>
  import("../../offline/outbox-backup-panel").then((m) => ({ default: m.OutboxBackupPanel })),
);

// Loaded after the page's first paint: its own chunk, outside the profile screen's budget.
const EmailCard = lazy(() => import("./email-card").then((m) => ({ default: m.EmailCard })));

export function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Profile"
        subtitle={
          <>
            Your account, password and email notifications. Your team is on the{" "}
            <Link to="/app/team" className="font-medium text-brand-700 underline">
              Team
            </Link>{" "}
            page.
          </>
        }
      />
      <div className="grid max-w-3xl gap-5">
        <AccountCard user={user} />
        <PasswordCard userId={user.id} />
        <ProfileCard title="Unsynced work">
          <p className="text-sm text-slate-600">
            Changes saved offline stay on the device until they reach the server. A backup file carries them, photos
            included, to any device signed in to this account.
          </p>
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
