// The answer of one audit item in its template's answer set (decision 0028): C/I/NC/N/A (the
// standard picker), Yes/No/N/A, a number with its unit (non-compliant outside the item's limits),
// or free text. Number and text answers are kept in `value`; the status stays what scores count.
import type { ItemStatus } from "@sitesnag/shared/audit-scoring";
import { ANSWER_OPTIONS, numberStatus, type TemplateItemDef } from "@sitesnag/shared/audit-template-model";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { type Translate, useT } from "../../../i18n/use-t";
import { StatusPicker } from "./status-picker";

export type AnswerDef = Pick<TemplateItemDef, "answerSet" | "unit" | "min" | "max" | "guidance">;
export type AnswerChange = { status?: ItemStatus; value?: string };

type Props = {
  def: AnswerDef | undefined;
  name: string;
  /** "item 1.2", for the labels. */
  label: string;
  status: ItemStatus;
  value: string;
  onChange: (change: AnswerChange) => void;
};

const CHECKED: Record<string, string> = {
  C: "peer-checked:border-green-700 peer-checked:bg-green-700 peer-checked:text-white",
  NC: "peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white",
  "N/A": "peer-checked:border-slate-600 peer-checked:bg-slate-600 peer-checked:text-white",
  "": "peer-checked:border-slate-400 peer-checked:bg-slate-200 peer-checked:text-slate-900",
};

const NUMBER = /^-?\d{0,12}(\.\d{0,6})?$/;

function limitsText(t: Translate, def: AnswerDef): string {
  const unit = def.unit ? ` ${def.unit}` : "";
  if (def.min !== null && def.max !== null) return t("audits.limits.between", { min: def.min, max: def.max, unit });
  if (def.min !== null) return t("audits.limits.atLeast", { min: def.min, unit });
  if (def.max !== null) return t("audits.limits.atMost", { max: def.max, unit });
  return "";
}

/** An item's answer control; without a definition (the standard template) the C/I/NC/N/A picker. */
export function AnswerControl({ def, name, label, status, value, onChange }: Props) {
  const t = useT();
  const guidance = def?.guidance ? <p className="mb-2 text-sm text-slate-600">{def.guidance}</p> : null;
  if (!def || def.answerSet === "cinna") {
    return (
      <>
        {guidance}
        <StatusPicker
          name={name}
          legend={t("audits.answer.statusOf", { label })}
          value={status}
          onChange={(s) => onChange({ status: s })}
        />
      </>
    );
  }
  if (def.answerSet === "yesno") {
    const options = [
      ...ANSWER_OPTIONS.yesno.map((o) => ({
        ...o,
        label:
          o.status === "C" ? t("audits.answer.yes") : o.status === "NC" ? t("audits.answer.no") : t("audits.answer.na"),
      })),
      { status: "" as const, label: t("audits.answer.notAssessed") },
    ];
    return (
      <>
        {guidance}
        <fieldset>
          <legend className="sr-only">{t("audits.answer.to", { label })}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {options.map((o) => (
              <label key={o.status || "none"} className="relative">
                <input
                  type="radio"
                  name={name}
                  value={o.status}
                  checked={status === o.status}
                  onChange={() => onChange({ status: o.status })}
                  className="peer sr-only"
                />
                <span
                  className={clsx(
                    "flex min-h-12 cursor-pointer select-none items-center justify-center rounded-lg border-2 border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                    CHECKED[o.status],
                  )}
                >
                  {o.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </>
    );
  }
  if (def.answerSet === "number")
    return <NumberAnswer def={def} label={label} value={value} guidance={guidance} onChange={onChange} />;
  return <TextAnswer label={label} value={value} guidance={guidance} onChange={onChange} />;
}

function NumberAnswer({
  def,
  label,
  value,
  guidance,
  onChange,
}: {
  def: AnswerDef;
  label: string;
  value: string;
  guidance: React.ReactNode;
  onChange: (change: AnswerChange) => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  const limits = limitsText(t, def);
  const status = numberStatus(def, text);
  return (
    <div className="space-y-1">
      {guidance}
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("audits.answer.to", { label })}
        {def.unit ? ` (${def.unit})` : ""}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={limits ? `${id}-limits` : undefined}
          value={text}
          onChange={(e) => {
            const next = e.target.value.trim();
            if (!NUMBER.test(next)) return;
            setText(next);
            // A half-typed number ("-", "12.") is kept on screen and sent once it is a number.
            if (next === "" || /^-?\d+(\.\d+)?$/.test(next)) onChange({ value: next, status: numberStatus(def, next) });
          }}
          className="block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        {def.unit && <span className="text-sm text-slate-700">{def.unit}</span>}
        {status !== "" && (
          <span
            className={clsx(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              status === "C" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800",
            )}
          >
            {status === "C" ? t("audits.answer.compliant") : t("audits.answer.nonCompliant")}
          </span>
        )}
      </div>
      {limits && (
        <p id={`${id}-limits`} className="text-xs text-slate-600">
          {limits}
        </p>
      )}
    </div>
  );
}

function TextAnswer({
  label,
  value,
  guidance,
  onChange,
}: {
  label: string;
  value: string;
  guidance: React.ReactNode;
  onChange: (change: AnswerChange) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="space-y-1">
      {guidance}
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("audits.answer.to", { label })}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        value={value}
        onChange={(e) => onChange({ value: e.target.value })}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
      />
    </div>
  );
}
