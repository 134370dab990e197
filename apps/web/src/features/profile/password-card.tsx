import { PASSWORD_FIELDS_REQUIRED } from "@sitesnag/shared/messages";
import type { PasswordForm } from "@sitesnag/shared/users";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { PasswordField } from "../../components/password-field";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useChangePassword } from "./api/profile-api";
import { ProfileCard } from "./profile-card";

// The shared schema (and zod) load when the card is first focused (lazy-zod-resolver.ts).
const resolver = lazyZodResolver<PasswordForm>(() => import("@sitesnag/shared/users").then((m) => m.PasswordFormSchema));

const EMPTY: PasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Password change (SPEC §5): all three fields, six characters, new twice the same. */
export function PasswordCard({ userId }: { userId: string }) {
  const [editing, setEditing] = useState(false);
  const change = useChangePassword(userId);
  const { register, handleSubmit, reset, formState } = useForm<PasswordForm>({
    resolver,
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    setEditing(false);
  };
  const onSubmit = ({ currentPassword, newPassword }: PasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success("Password changed successfully");
          close();
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to change password")),
      },
    );
  const e = formState.errors;
  const missing = [e.currentPassword, e.newPassword, e.confirmPassword].some(
    (f) => f?.message === PASSWORD_FIELDS_REQUIRED,
  );
  return (
    <ProfileCard
      title="Password"
      action={
        !editing && (
          <Button variant="secondary" onPointerEnter={resolver.preload} onClick={() => {
            resolver.preload();
            setEditing(true);
          }}>
            <KeyRound aria-hidden className="size-4" />
            Change Password
          </Button>
        )
      }
    >
      {editing ? (
        <form noValidate onSubmit={handleSubmit(onSubmit)} onFocus={resolver.preload} className="space-y-4">
          {missing && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {PASSWORD_FIELDS_REQUIRED}
            </p>
          )}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={e.currentPassword?.message === PASSWORD_FIELDS_REQUIRED ? undefined : e.currentPassword?.message}
            {...register("currentPassword")}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={e.newPassword?.message === PASSWORD_FIELDS_REQUIRED ? undefined : e.newPassword?.message}
            {...register("newPassword")}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={e.confirmPassword?.message === PASSWORD_FIELDS_REQUIRED ? undefined : e.confirmPassword?.message}
            {...register("confirmPassword")}
          />
          <p className="text-xs text-slate-500">Changing your password signs you out on your other devices.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={change.isPending}>
              Update Password
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">Your password is set. Change it here at any time.</p>
      )}
    </ProfileCard>
  );
}
