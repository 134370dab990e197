// The password card's form, loaded when Change Password is first pressed (password-card.tsx): the
// collapsed card paints without react-hook-form, zod or the shared schema (issue 7).
import { PASSWORD_FIELDS_REQUIRED } from "@sitesnag/shared/messages";
import type { PasswordForm as PasswordValues } from "@sitesnag/shared/users";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { PasswordField } from "../../components/password-field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useChangePassword } from "./api/profile-api";

// The shared schema (and zod) load when the form is first focused (lazy-zod-resolver.ts).
const resolver = lazyZodResolver<PasswordValues>(() =>
  import("@sitesnag/shared/users").then((m) => m.PasswordFormSchema),
);

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function PasswordForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const change = useChangePassword(userId);
  const t = useT();
  const { register, handleSubmit, reset, formState } = useForm<PasswordValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    onDone();
  };
  const onSubmit = ({ currentPassword, newPassword }: PasswordValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(t("auth.profile.passwordChanged"));
          close();
        },
        onError: (error) => toast.error(errorMessage(error, t("auth.profile.passwordFailed"))),
      },
    );
  const e = formState.errors;
  const missing = [e.currentPassword, e.newPassword, e.confirmPassword].some(
    (f) => f?.message === PASSWORD_FIELDS_REQUIRED,
  );
  // The field's own sentence, unless it is the one the banner above says for all three.
  const error = (message?: string) => (message && message !== PASSWORD_FIELDS_REQUIRED ? sentence(message) : undefined);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} onFocus={resolver.preload} className="space-y-4">
      {missing && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {sentence(PASSWORD_FIELDS_REQUIRED)}
        </p>
      )}
      <PasswordField
        label={t("auth.profile.currentPassword")}
        autoComplete="current-password"
        error={error(e.currentPassword?.message)}
        {...register("currentPassword")}
      />
      <PasswordField
        label={t("auth.profile.newPassword")}
        autoComplete="new-password"
        error={error(e.newPassword?.message)}
        {...register("newPassword")}
      />
      <PasswordField
        label={t("auth.profile.confirmNewPassword")}
        autoComplete="new-password"
        error={error(e.confirmPassword?.message)}
        {...register("confirmPassword")}
      />
      <p className="text-xs text-slate-500">{t("auth.profile.passwordSignsOut")}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={change.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={change.isPending}>
          {t("auth.profile.updatePassword")}
        </Button>
      </div>
    </form>
  );
}
