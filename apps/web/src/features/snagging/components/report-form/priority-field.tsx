import type { Priority } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import { useId } from "react";
import { PRIORITY_LABELS } from "../../../../components/report-badges";
import { useT } from "../../../../i18n/use-t";

const CHOICES: { value: Priority; tone: string }[] = [
  { value: "low", tone: "peer-checked:border-slate-600 peer-checked:bg-slate-700" },
  { value: "medium", tone: "peer-checked:border-amber-700 peer-checked:bg-amber-700" },
  { value: "high", tone: "peer-checked:border-orange-700 peer-checked:bg-orange-700" },
  { value: "critical", tone: "peer-checked:border-red-700 peer-checked:bg-red-700" },
];

type Props = { value: Priority | ""; onChange: (value: Priority) => void; error?: string | undefined };

/** Four large radio buttons rather than a select: one tap, readable in sunlight, no dropdown with gloves. */
export function PriorityField({ value, onChange, error }: Props) {
  const t = useT();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{t("snagging.field.priority")}</legend>
      <div className="grid grid-cols-4 gap-1.5">
        {CHOICES.map((c) => (
          <label key={c.value} className="relative">
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            />
            <span
              className={clsx(
                "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border bg-white px-1 text-sm font-semibold text-slate-800 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                error ? "border-red-500" : "border-slate-300",
                c.tone,
              )}
            >
              {t(PRIORITY_LABELS[c.value])}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
