import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../../components/field";

type Field = UseFormRegisterReturn & { error?: string | undefined };

/** First and last name side by side, as both registration forms ask for them. */
export function NameFields({ firstName, lastName }: { firstName: Field; lastName: Field }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...firstName} />
      <TextField label="Last name" autoComplete="family-name" {...lastName} />
    </div>
  );
}
