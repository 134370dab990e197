import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./field";

type Field = UseFormRegisterReturn & { error?: string | undefined };

/** First and last name side by side, as every account form asks for them. */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...firstName} />
      <TextField label="Last name" autoComplete="family-name" {...lastName} />
    </div>
  );
}

/** A new password and its confirmation, without visibility toggles (form B and the invitation). */
export function NewPasswordFields({ password, confirmPassword }: { password: Field; confirmPassword: Field }) {
  return (
    <>
      <TextField label="Password" type="password" autoComplete="new-password" {...password} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}
