import type { Trade } from "@sitesnag/shared/trades";
import type { TradeRow } from "../db/schema";

export const presentTrade = (row: TradeRow): Trade => ({
  key: row.key,
  name: row.name,
  order: row.position,
  retired: row.retired === 1,
});
