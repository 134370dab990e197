import { ITEM_STATUSES, type ItemStatus } from "@sitesnag/shared/audit-scoring";
import { clsx } from "clsx";
import { useT } from "../../../i18n/use-t";
import { ITEM_STATUS } from "./labels";

const CHECKED: Record<ItemStatus, string> = {
  C: "peer-checked:border-green-700 peer-checked:bg-green-700 peer-checked:text-white",
  I: "peer-checked:border-yellow-500 peer-checked:bg-yellow-300 peer-checked:text-yellow-950",
  NC: "peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white",
  "N/A": "peer-checked:border-slate-600 peer-checked:bg-slate-600 peer-checked:text-white",
  "": "peer-checked:border-slate-400 peer-checked:bg-slate-200 peer-checked:text-slate-900",
};

// Answer order on site: the four answers first, "not assessed" last as the way back.
const ORDER: ItemStatus[] = ["C", "I", "NC", "N/A", ""];

/** Five large radio buttons (48 px tall): one thumb tap per item on a phone. */
export function StatusPicker({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: ItemStatus;
  onChange: (status: ItemStatus) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {ORDER.filter((s) => ITEM_STATUSES.includes(s)).map((status) => (
          <label key={status || "none"} className={clsx("relative", status === "" && "col-span-2 sm:col-span-1")}>
            <input
              type="radio"
              name={name}
              value={status}
              checked={value === status}
              onChange={() => onChange(status)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                "flex min-h-12 cursor-pointer select-none items-center justify-center rounded-lg border-2 border-slate-300 bg-white px-2 text-center text-sm font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                CHECKED[status],
              )}
            >
              {t(ITEM_STATUS[status])}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
