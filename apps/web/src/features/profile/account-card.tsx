import type { User } from "@sitesnag/shared/auth";
import type { ProfileInput } from "@sitesnag/shared/users";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { errorMessage } from "../../lib/api-client";
import { capitalise, formatDate } from "../../lib/format";
import { lazyZodResolver } from "../../lib/lazy-zod-resolver";
import { toast } from "../../lib/toast";
import { useUpdateProfile } from "./api/profile-api";
import { ProfileCard } from "./profile-card";

// The shared schema (and zod) load when Edit is pressed (lazy-zod-resolver.ts).
const resolver = lazyZodResolver<ProfileInput>(() => import("@sitesnag/shared/users").then((m) => m.ProfileInputSchema));

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
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile(user.id);
  const values = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  const { register, handleSubmit, reset, formState } = useForm<ProfileInput>({
    resolver,
    values,
  });
  const cancel = () => {
    reset(values);
    setEditing(false);
  };
  const onSubmit = (input: ProfileInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success("Profile updated successfully");
        setEditing(false);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to update profile")),
    });
  const e = formState.errors;
  return (
    <ProfileCard
      title="Account Information"
      action={
        !editing && (
          <Button variant="secondary" onPointerEnter={resolver.preload} onClick={() => {
            resolver.preload();
            setEditing(true);
          }}>
            <Pencil aria-hidden className="size-4" />
            Edit Profile
          </Button>
        )
      }
    >
      {editing ? (
        <form noValidate onSubmit={handleSubmit(onSubmit)} onFocus={resolver.preload} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={e.firstName?.message}
              {...register("firstName")}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={e.lastName?.message}
              {...register("lastName")}
            />
          </div>
          <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...register("email")} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              Save Changes
            </Button>
          </div>
        </form>
      ) : (
        <dl className="divide-y divide-slate-100">
          <Detail label="First name" value={user.firstName} />
          <Detail label="Last name" value={user.lastName} />
          <Detail label="Email" value={user.email} />
          <Detail label="Role" value={capitalise(user.role)} />
          <Detail label="Member since" value={formatDate(user.created_at)} />
        </dl>
      )}
    </ProfileCard>
  );
}
