// A trade's name on the Overview's "By trade" (issue 35): the server names it as the workspace does,
// which for a standard trade nobody renamed is SPEC's English ("Electrical"); that one reads in the
// app's language, as on the snag list. A name the workspace chose stays as written.
import { isStandardTradeKey, STANDARD_TRADE_NAMES } from "@sitesnag/shared/trade-names";
import { CATEGORY_LABELS } from "../../../components/category-labels";
import type { Translate } from "../../../i18n/use-t";

export function tradeName(t: Translate, key: string, name: string): string {
  return isStandardTradeKey(key) && name === STANDARD_TRADE_NAMES[key] ? t(CATEGORY_LABELS[key]) : name;
}
