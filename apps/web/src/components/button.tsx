import { clsx } from "clsx";
import type { ButtonHTMLAttributes } from "react";
import { SpinnerIcon } from "./icons";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
  ghost: "text-slate-700 hover:bg-slate-100",
};

export const buttonClass = (variant: Variant = "primary", extra?: string) =>
  clsx(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    extra,
  );

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; isLoading?: boolean };

export function Button({ variant = "primary", isLoading = false, className, children, disabled, ...rest }: Props) {
  return (
    <button
      type="button"
      className={buttonClass(variant, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <SpinnerIcon className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
