import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useAuthStore } from "../../stores/auth-store";
import { AccountCard } from "./account-card";
import { PasswordCard } from "./password-card";

export function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Profile"
        subtitle={
          <>
            Your account and password. Your team is on the{" "}
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
      </div>
    </>
  );
}
