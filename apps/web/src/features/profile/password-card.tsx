import { KeyRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/button";
import { ProfileCard } from "./profile-card";

// The form (react-hook-form) loads when Change Password is first pressed or pointed at; until it
// is in, the card keeps its collapsed text.
const loadForm = () => import("./password-form");
const PasswordForm = lazy(() => loadForm().then((m) => ({ default: m.PasswordForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/** Password change (SPEC §5): all three fields, six characters, new twice the same. */
export function PasswordCard({ userId }: { userId: string }) {
  const [editing, setEditing] = useState(false);
  const idle = <p className="text-sm text-slate-600">Your password is set. Change it here at any time.</p>;
  return (
    <ProfileCard
      title="Password"
      action={
        !editing && (
          <Button variant="secondary" onPointerEnter={preloadForm} onClick={() => setEditing(true)}>
            <KeyRound aria-hidden className="size-4" />
            Change Password
          </Button>
        )
      }
    >
      {editing ? (
        <Suspense fallback={idle}>
          <PasswordForm userId={userId} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        idle
      )}
    </ProfileCard>
  );
}
