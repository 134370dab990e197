import { SelectField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { offeredTrades, useTrades } from "../../trades/api/trades-api";
import { useCategoryLabel } from "./category-icon";

/** The list's category filter (issue 36): every category, or one of the workspace's offered trades. */
export default function CategoryFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const trades = useTrades();
  const label = useCategoryLabel();
  return (
    <SelectField label={t("trades.field")} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t("trades.filter.all")}</option>
      {offeredTrades(trades.data ?? [], value).map((x) => (
        <option key={x.key} value={x.key}>
          {label(x.key)}
        </option>
      ))}
    </SelectField>
  );
}
