// The Export Data tab's CSV of users and memberships, read a page at a time so memory stays
// flat however many users there are.
import { CSV_FORMAT, neutraliseCell } from "@sitesnag/shared/csv";
import { membershipStatus } from "@sitesnag/shared/membership";
import { stringify } from "csv-stringify/sync";
import type { AppContext } from "../context";
import { nowSeconds } from "../time";
import { findUsersPage } from "../users/users.repository";
import { withStorageQuota } from "../users/users.service";

const HEADER = [
  "id",
  "first_name",
  "last_name",
  "email",
  "role",
  "workspace",
  "workspace_role",
  "membership_type",
  "membership_status",
  "membership_start_date",
  "membership_end_date",
  "membership_amount",
  "created_at",
  /** The user's workspace's stored files and its quota, in bytes (decision 0019). */
  "workspace_storage_bytes",
  "workspace_storage_quota_bytes",
];
const BATCH = 1000;
/** RFC 4180 lines (CRLF) through csv-stringify, every text cell neutralised against formula injection. */
const csvRow = (cells: (string | null)[]): string =>
  stringify([cells.map((c) => (c === null ? "" : neutraliseCell(c)))], CSV_FORMAT);

const isoDate = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString().slice(0, 10);

export async function* usersCsv(ctx: AppContext): AsyncGenerator<string> {
  const now = nowSeconds();
  yield csvRow(HEADER);
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await findUsersPage(ctx.db, { membership: "all", now }, { offset, limit: BATCH });
    yield rows
      .map((row) => withStorageQuota(ctx, row))
      .map((u) =>
        csvRow([
          u.id,
          u.first_name,
          u.last_name,
          u.email,
          u.role,
          u.workspace_name,
          u.workspace_role,
          u.membership_type,
          membershipStatus(u, now),
          isoDate(u.membership_start_date),
          isoDate(u.membership_end_date),
          Number(u.membership_amount).toFixed(2),
          new Date(u.created_at * 1000).toISOString(),
          String(Number(u.workspace_storage_bytes)),
          String(u.storage_quota_bytes),
        ]),
      )
      .join("");
    if (rows.length < BATCH) return;
  }
}
