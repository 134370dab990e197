import type { Location } from "@sitesnag/shared/locations";
import type { TreeRow } from "./locations.repository";
import type { Counts } from "./locations.tree";

export const presentLocation = (row: TreeRow, order: number, counts: Counts | undefined): Location => ({
  id: row.id,
  parentId: row.parent_id,
  name: row.name,
  code: row.code,
  path: row.path,
  depth: row.depth,
  order,
  sheetId: row.sheet_id,
  reportCounts: { open: counts?.open ?? 0, total: counts?.total ?? 0 },
});
