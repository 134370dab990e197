// Pass one of a snag list: every matching report is read once, in keyset batches, for its group
// and the cover's counts; only ids are kept (a few bytes a report), never photos or descriptions.
import { contactLabel } from "@sitesnag/shared/contacts";
import { CATEGORIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import { NO_LOCATION, parsePhotoDescription } from "@sitesnag/shared/photo-description";
import type { SnagListGroup } from "@sitesnag/shared/snag-list";
import type { Db } from "../db/database";
import { type SnagScope, scanScope } from "./snag-list.repository";

export type SnagGroups = {
  groups: { label: string; ids: string[] }[];
  byStatus: { label: string; n: number }[];
  byAssignee: { label: string; n: number }[];
  overdue: number;
  total: number;
};

const UNASSIGNED_LABEL = "Unassigned";
const MAX_LABEL = 160;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const label = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

export const personName = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

/** A report's assignee as it reads in a list: a member's name, "Name (Company)" for a contact, or null. */
export const assigneeName = (r: {
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  contact_name: string | null;
  contact_company: string | null;
}): string | null =>
  r.contact_name === null
    ? personName(r.assignee_first_name, r.assignee_last_name)
    : contactLabel(r.contact_name, r.contact_company);

/** The location a report is listed under: its place in the location tree (issue 36), else its first photo's. */
export function reportLocation(r: { description: string; location_path: string | null }): string {
  return r.location_path ?? parsePhotoDescription(r.description)[0]?.location ?? NO_LOCATION;
}

export const isOverdue = (r: { due_date: number | null; status: string }, now: number): boolean =>
  r.due_date !== null && r.due_date < now && r.status !== "resolved" && r.status !== "closed";

/** Groups in reading order: names and places alphabetically (the catch-all last), categories as listed. */
function order(by: SnagListGroup, a: string, b: string): number {
  if (by === "category")
    return CATEGORIES.indexOf(a.toLowerCase() as never) - CATEGORIES.indexOf(b.toLowerCase() as never);
  const last = by === "assignee" ? UNASSIGNED_LABEL : NO_LOCATION;
  if (a === last || b === last) return a === last ? (b === last ? 0 : 1) : -1;
  return a.localeCompare(b, "en", { sensitivity: "base" });
}

export async function collectGroups(db: Db, scope: SnagScope, by: SnagListGroup, now: number): Promise<SnagGroups> {
  const groups = new Map<string, { label: string; ids: string[] }>();
  const statusCounts = new Map<string, number>();
  const assigneeCounts = new Map<string, { label: string; n: number }>();
  let overdue = 0;
  let total = 0;
  for await (const batch of scanScope(db, scope)) {
    for (const r of batch) {
      total += 1;
      statusCounts.set(r.status, (statusCounts.get(r.status) ?? 0) + 1);
      const assignee = label(assigneeName(r) ?? UNASSIGNED_LABEL);
      const assigneeKey = r.assigned_to ?? r.assigned_contact_id ?? "";
      const counted = assigneeCounts.get(assigneeKey) ?? { label: assignee, n: 0 };
      counted.n += 1;
      assigneeCounts.set(assigneeKey, counted);
      if (isOverdue(r, now)) overdue += 1;
      const [key, name] =
        by === "assignee"
          ? [assigneeKey, assignee]
          : by === "category"
            ? [r.category, capitalise(r.category)]
            : (() => {
                const place = label(reportLocation(r));
                return [place.toLowerCase(), place] as const;
              })();
      const group = groups.get(key) ?? { label: name, ids: [] };
      group.ids.push(r.id);
      groups.set(key, group);
    }
  }
  return {
    groups: [...groups.values()].sort((a, b) => order(by, a.label, b.label)),
    byStatus: REPORT_STATUSES.map((s) => ({ label: capitalise(s.replace("-", " ")), n: statusCounts.get(s) ?? 0 })),
    byAssignee: [...assigneeCounts.values()].sort((a, b) => b.n - a.n || order("assignee", a.label, b.label)),
    overdue,
    total,
  };
}
