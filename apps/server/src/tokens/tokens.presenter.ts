import type { ApiToken } from "@sitesnag/shared/api-tokens";
import type { ApiTokenListRow } from "./tokens.repository";

export const presentApiToken = (row: ApiTokenListRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  createdBy:
    row.created_by && row.creator_first_name !== null
      ? { id: row.created_by, name: `${row.creator_first_name} ${row.creator_last_name ?? ""}`.trim() }
      : null,
});
