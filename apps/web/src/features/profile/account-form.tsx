// The account card's edit form, loaded when Edit is first pressed (account-card.tsx): the read-only
// card paints without react-hook-form, zod or the shared schema (issue 7, first-load budgets).
import type { User } from "@sitesnag/shared/auth";
import type { ProfileInput } from "@sitesnag/shared/users";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { sentence, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useUpdateProfile } from "./api/profile-api";

// The shared schema (and zod) load when the form is first focused (lazy-zod-resolver.ts).
const resolver = lazyZodResolver<ProfileInput>(() =>
  import("@sitesnag/shared/users").then((m) => m.ProfileInputSchema),
);

export function AccountForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile(user.id);
  const t = useT();
  const values = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  const { register, handleSubmit, reset, formState } = useForm<ProfileInput>({
    resolver,
    values,
  });
  const cancel = () => {
    reset(values);
    onDone();
  };
  const onSubmit = (input: ProfileInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success(t("auth.profile.updated"));
        onDone();
      },
      onError: (error) => toast.error(errorMessage(error, t("auth.profile.updateFailed"))),
    });
  const e = formState.errors;
  const error = (message?: string) => message && sentence(message);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} onFocus={resolver.preload} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("profile.firstName")}
          autoComplete="given-name"
          error={error(e.firstName?.message)}
          {...register("firstName")}
        />
        <TextField
          label={t("profile.lastName")}
          autoComplete="family-name"
          error={error(e.lastName?.message)}
          {...register("lastName")}
        />
      </div>
      <TextField
        label={t("profile.email")}
        type="email"
        autoComplete="email"
        error={error(e.email?.message)}
        {...register("email")}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          {t("projects.save")}
        </Button>
      </div>
    </form>
  );
}
