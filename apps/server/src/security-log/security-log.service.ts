// Reading the security log. A person reads the entries about their own account; a workspace owner
// reads every entry of their workspace (?workspace=1). Tenancy is the first check: a member asking
// for the workspace view is refused, and no query ever names another account or workspace.
import { CSV_FORMAT, neutraliseCell } from "@sitesnag/shared/csv";
import {
  SECURITY_LOG_PAGE,
  type SecurityEventType,
  type SecurityLogEntry,
  type SecurityLogPage,
  type SecurityLogQuery,
} from "@sitesnag/shared/security-log";
import { stringify } from "csv-stringify/sync";
import type { AppContext } from "../context";
import type { SecurityLogTable, UserRow } from "../db/schema";
import { badRequest, forbidden } from "../http/errors";
import { findSecurityLog, type LogFilter, type LogScope } from "./security-log.repository";

const EXPORT_LIMIT = 50_000;
const DAY_SECONDS = 24 * 60 * 60;
const BAD_CURSOR = "This page of the log is no longer valid. Please reload it.";

function scopeOf(user: UserRow, query: SecurityLogQuery): LogScope {
  if (query.workspace !== "1") return { userId: user.id };
  if (user.workspace_role !== "owner") throw forbidden("Only a workspace owner can read the workspace's security log");
  return { workspaceId: user.workspace_id };
}

const daySeconds = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

function filterOf(query: SecurityLogQuery): LogFilter {
  const filter: LogFilter = {};
  if (query.type) filter.type = query.type;
  if (query.from) filter.from = daySeconds(query.from);
  // "to" is a whole day: entries up to its end.
  if (query.to) filter.to = daySeconds(query.to) + DAY_SECONDS;
  if (query.cursor) filter.after = decodeCursor(query.cursor);
  return filter;
}

const encodeCursor = (row: { at: number; id: string }) => Buffer.from(`${row.at}:${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { at: number; id: string } {
  const match = /^(\d{1,12}):([0-9a-f-]{36})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match?.[1] || !match[2]) throw badRequest(BAD_CURSOR);
  return { at: Number(match[1]), id: match[2] };
}

function present(row: SecurityLogTable): SecurityLogEntry {
  let details: SecurityLogEntry["details"] = {};
  try {
    details = JSON.parse(row.details) as SecurityLogEntry["details"];
  } catch {
    // written by us as JSON; an unreadable value shows as no details rather than failing the page
  }
  return {
    id: row.id,
    type: row.type as SecurityEventType,
    at: Number(row.at),
    actorId: row.actor_id,
    ip: row.ip,
    userAgent: row.user_agent,
    details,
  };
}

export async function listSecurityLog(
  ctx: AppContext,
  user: UserRow,
  query: SecurityLogQuery,
): Promise<SecurityLogPage> {
  const scope = scopeOf(user, query);
  const rows = await findSecurityLog(ctx.db, scope, filterOf(query), SECURITY_LOG_PAGE + 1);
  const page = rows.slice(0, SECURITY_LOG_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map(present),
    nextCursor: rows.length > SECURITY_LOG_PAGE && last ? encodeCursor({ at: Number(last.at), id: last.id }) : null,
  };
}

const CSV_COLUMNS = ["Time (UTC)", "Event", "Account", "Actor", "IP address", "Device", "Details"];

/** The filtered log as CSV (BOM, header, formula cells neutralised), newest first. */
export async function exportSecurityLog(ctx: AppContext, user: UserRow, query: SecurityLogQuery): Promise<string> {
  const scope = scopeOf(user, { ...query, cursor: undefined });
  const rows = await findSecurityLog(ctx.db, scope, filterOf({ ...query, cursor: undefined }), EXPORT_LIMIT);
  const cells = rows.map((row) => [
    new Date(Number(row.at) * 1000).toISOString().slice(0, 19).replace("T", " "),
    row.type,
    row.user_id ?? "",
    row.actor_id ?? "",
    row.ip ?? "",
    neutraliseCell(row.user_agent ?? ""),
    neutraliseCell(row.details === "{}" ? "" : row.details),
  ]);
  return stringify(cells, { ...CSV_FORMAT, bom: true, header: true, columns: CSV_COLUMNS });
}
