// Bulk changes (issue 39, decision 0075): POST /api/snagging/bulk, the ids "Select all N matching"
// selects, and the inverse bulk that Undo sends.
import type { BulkBefore, BulkChanges, BulkResponse, BulkResult, ReportIds } from "@sitesnag/shared/bulk";
import { api } from "../../../lib/api-client";
import { type ListFilter, listFilterParams } from "./get-reports";

/** Sent with an Idempotency-Key, so a retry of the same request never applies twice. */
export async function sendBulk(
  ids: readonly string[],
  changes: BulkChanges | BulkBefore,
  versions: Record<string, number> = {},
  key: string = crypto.randomUUID(),
): Promise<BulkResponse> {
  return api<BulkResponse>("/snagging/bulk", {
    method: "POST",
    body: { ids, changes, versions },
    headers: { "Idempotency-Key": key },
  });
}

/** The first 1,000 ids the list's filters match, and how many match in all. */
export async function matchingIds(filter: ListFilter): Promise<ReportIds> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(listFilterParams(filter))) if (value) params.set(name, value);
  return api<ReportIds>(`/snagging/ids?${params}`);
}

/**
 * The inverse of a bulk change: its changed reports grouped by their previous values, one bulk per
 * group, each report at the version the change gave it (a newer change by someone else is never
 * overwritten silently).
 */
export function inverseOf(
  results: readonly BulkResult[],
): { ids: string[]; changes: BulkBefore; versions: Record<string, number> }[] {
  const groups = new Map<string, { ids: string[]; changes: BulkBefore; versions: Record<string, number> }>();
  for (const r of results) {
    if (!r.ok || !r.before || r.version === undefined || Object.keys(r.before).length === 0) continue;
    const key = JSON.stringify(r.before);
    const group = groups.get(key) ?? { ids: [], changes: r.before, versions: {} };
    group.ids.push(r.id);
    group.versions[r.id] = r.version;
    groups.set(key, group);
  }
  return [...groups.values()];
}
