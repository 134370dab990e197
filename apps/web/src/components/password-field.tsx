import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, useState } from "react";
import { useT } from "../i18n/use-t";
import { TextField } from "./field";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: React.Ref<HTMLInputElement>;
};

/** A password input with a show/hide toggle (form A). */
export function PasswordField({ label, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  const field = label.toLowerCase();
  return (
    <TextField
      label={label}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("auth.hideField", { field }) : t("auth.showField", { field })}
          aria-pressed={visible}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
        >
          {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      }
      {...rest}
    />
  );
}
