import type { UseFormRegisterReturn } from "react-hook-form";
import { sentence, useT } from "../i18n/use-t";
import { TextField } from "./field";

type Field = UseFormRegisterReturn & { error?: string | undefined };

/** A field's error in the app's language (a shared schema's sentence the browser wrote, or the server's). */
const shown = ({ error, ...field }: Field): Field => ({ ...field, error: error && sentence(error) });

/** First and last name side by side, as every account form asks for them. */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t("profile.firstName")} autoComplete="given-name" {...shown(firstName)} />
      <TextField label={t("profile.lastName")} autoComplete="family-name" {...shown(lastName)} />
    </div>
  );
}

/** A new password and its confirmation, without visibility toggles (form B and the invitation). */
export function NewPasswordFields({ password, confirmPassword }: { password: Field; confirmPassword: Field }) {
  const t = useT();
  return (
    <>
      <TextField label={t("auth.password")} type="password" autoComplete="new-password" {...shown(password)} />
      <TextField
        label={t("auth.confirmPassword")}
        type="password"
        autoComplete="new-password"
        {...shown(confirmPassword)}
      />
    </>
  );
}
