import type { TrashItem } from "@sitesnag/shared/trash";
import type { TrashItemRow } from "../db/schema";

export const presentTrashItem = (
  row: Pick<TrashItemRow, "id" | "kind" | "name" | "detail" | "deleted_by_name" | "deleted_at" | "purge_at">,
): TrashItem => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  detail: row.detail,
  deletedByName: row.deleted_by_name,
  deletedAt: row.deleted_at,
  purgeAt: row.purge_at,
});
