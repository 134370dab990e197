import { clsx } from "clsx";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

/** A text control's look (the search boxes of the lists share it). */
export const CONTROL =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

type FieldShellProps = {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
};

/** Label, control and error message wired together so screen readers announce the error. */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, ...(describedBy ? { describedBy } : {}) })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes every control shares: its id, error state and description, and its look. */
function controlAttributes(
  { id, describedBy }: { id: string; describedBy?: string },
  error: string | undefined,
  ...classNames: (string | null | undefined)[]
) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: clsx(CONTROL, error ? "border-red-500" : "border-slate-300", ...classNames),
  };
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  trailing?: ReactNode;
};

export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  ref,
  ...rest
}: InputProps & { ref?: React.Ref<HTMLInputElement> }) {
  return (
    <FieldShell label={label} error={error} {...(hint ? { hint } : {})}>
      {(ids) => (
        <div className="relative">
          <input ref={ref} {...controlAttributes(ids, error, trailing ? "pr-12" : null, className)} {...rest} />
          {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
        </div>
      )}
    </FieldShell>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined };

export function TextAreaField({
  label,
  error,
  className,
  ref,
  ...rest
}: TextAreaProps & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return (
    <FieldShell label={label} error={error}>
      {(ids) => <textarea ref={ref} {...controlAttributes(ids, error, className)} {...rest} />}
    </FieldShell>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined };

export function SelectField({
  label,
  error,
  className,
  children,
  ref,
  ...rest
}: SelectProps & { ref?: React.Ref<HTMLSelectElement> }) {
  return (
    <FieldShell label={label} error={error}>
      {(ids) => (
        <select ref={ref} {...controlAttributes(ids, error, className)} {...rest}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
