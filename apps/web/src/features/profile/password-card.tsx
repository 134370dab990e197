import { KeyRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/button";
import { useT } from "../../i18n/use-t";
import { ProfileCard } from "./profile-card";

// The form (react-hook-form) loads when Change Password is first pressed or pointed at; until it
// is in, the card keeps its collapsed text.
const loadForm = () => import("./password-form");
const PasswordForm = lazy(() => loadForm().then((m) => ({ default: m.PasswordForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/** Password change (SPEC §5): all three fields, six characters, new twice the same. */
export function PasswordCard({ userId }: { userId: string }) {
  const [editing, setEditing] = useState(false);
  const t = useT();
  const idle = <p className="text-sm text-slate-600">{t("profile.password.idle")}</p>;
  return (
    <ProfileCard
      title={t("profile.password.title")}
      action={
        !editing && (
          <Button variant="secondary" onPointerEnter={preloadForm} onClick={() => setEditing(true)}>
            <KeyRound aria-hidden className="size-4" />
            {t("profile.password.change")}
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
