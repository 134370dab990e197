import { useEffect } from "react";
import { SelectField } from "../../../../components/field";
import { useT } from "../../../../i18n/use-t";
import { offeredTrades, useTrades } from "../../../trades/api/trades-api";
import { useCategoryLabel } from "../category-icon";

type Props = {
  value: string;
  /** Edit mode: the report's own trade, offered even when retired (it keeps it). */
  keep?: string | undefined;
  onChange: (value: string) => void;
};

/**
 * The report's trade (issue 36): the workspace's trades not retired, in their order, from the
 * cached list (offline too). A new report whose default (`other`) is retired takes the first one.
 */
export function CategoryField({ value, keep, onChange }: Props) {
  const t = useT();
  const trades = useTrades();
  const label = useCategoryLabel();
  const offered = offeredTrades(trades.data ?? [], keep);
  const first = offered[0]?.key;
  const isOffered = offered.some((x) => x.key === value);
  useEffect(() => {
    if (trades.data && !isOffered && first) onChange(first);
  }, [trades.data, isOffered, first, onChange]);
  return (
    <SelectField label={t("trades.field")} value={value} onChange={(e) => onChange(e.target.value)}>
      {trades.data ? (
        offered.map((x) => (
          <option key={x.key} value={x.key}>
            {label(x.key)}
          </option>
        ))
      ) : (
        // Before the list arrives (or offline without one): the value as it stands.
        <option value={value}>{label(value)}</option>
      )}
    </SelectField>
  );
}
