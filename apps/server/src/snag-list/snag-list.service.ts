// GET /api/projects/{id}/snag-list.pdf: the project's reports matching the list's filters as one
// PDF, grouped as asked. Access first (another workspace's project answers 404), then pass one
// (groups and counts, ids only), then the PDF worker pulls entries 20 at a time (pass two) while
// its bytes stream to the client: memory stays bounded whatever the size of the project.

import type { Readable } from "node:stream";
import { contactLabel } from "@sitesnag/shared/contacts";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { type SnagFilter, type SnagListQuery, UNASSIGNED } from "@sitesnag/shared/snag-list";
import { loadPdfBrand } from "../branding/branding.service";
import { findContact } from "../contacts/contacts.repository";
import type { AppContext } from "../context";
import type { ProjectRow, UserRow } from "../db/schema";
import { formatDay } from "../format";
import { badRequest, notFound } from "../http/errors";
import { findProject } from "../projects/projects.repository";
import { nowSeconds } from "../time";
import { tradeNames } from "../trades/trades.service";
import { findWorkspaceMember } from "../users/users.repository";
import { loadEntries } from "./snag-list.entries";
import { collectGroups, personName } from "./snag-list.groups";
import type { SnagScope } from "./snag-list.repository";
import type { SnagListHead } from "./snag-list-pdf";
import { streamSnagList } from "./snag-list-stream";

/** Entries per batch sent to the worker (each with up to three ~30 KB thumbnails). */
export const ENTRY_BATCH = 20;

const GROUP_LABELS = { assignee: "Assignee", location: "Location", category: "Category" } as const;

export async function requireProjectOf(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}

/**
 * An assignee filter names a member or a contact of the workspace (or `unassigned`); anything
 * else — another workspace's contact included — is a 400. Answers the name the cover prints.
 */
export async function checkAssigneeFilter(ctx: AppContext, user: UserRow, filter: SnagFilter): Promise<string | null> {
  if (filter.assigneeId === undefined || filter.assigneeId === "") return null;
  if (filter.assigneeId === UNASSIGNED) return "Unassigned";
  if (UUID_PATTERN.test(filter.assigneeId)) {
    const member = await findWorkspaceMember(ctx.db, user.workspace_id, filter.assigneeId);
    if (member) return personName(member.first_name, member.last_name) ?? "";
    const contact = await findContact(ctx.db, user.workspace_id, filter.assigneeId);
    if (contact) return contactLabel(contact.name, contact.company);
  }
  const message = "Assignee must be a member or a contact of your workspace";
  throw badRequest(message, { assigneeId: [message] });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The filters in words, for the cover. */
export function describeFilter(
  filter: SnagFilter,
  assigneeName: string | null,
  trades: ReadonlyMap<string, string> = new Map(),
): string {
  const parts: string[] = [];
  if (filter.status) parts.push(`Status ${capitalise(filter.status.replace("-", " "))}`);
  if (filter.priority) parts.push(`Priority ${capitalise(filter.priority)}`);
  if (filter.category) parts.push(`Category ${trades.get(filter.category) ?? capitalise(filter.category)}`);
  if (assigneeName !== null) parts.push(`Assignee ${assigneeName}`);
  if (filter.dueBefore !== undefined) parts.push(`Due before ${formatDay(filter.dueBefore)}`);
  if (filter.search) parts.push(`Search “${filter.search}”`);
  return parts.length === 0 ? "All snags of the project" : parts.join(" · ");
}

export async function openSnagListPdf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  query: SnagListQuery,
): Promise<{ stream: Readable; fileName: string }> {
  const project = await requireProjectOf(ctx, user, projectId);
  const { groupBy, ...filter } = query;
  const assigneeName = await checkAssigneeFilter(ctx, user, filter);
  const scope: SnagScope = { workspaceId: user.workspace_id, projectId: project.id, filter };
  const now = nowSeconds();
  const trades = await tradeNames(ctx.db, user.workspace_id);
  const collected = await collectGroups(ctx.db, scope, groupBy, now, trades);
  const head: SnagListHead = {
    projectName: project.name,
    clientName: project.client_name,
    projectLocation: project.location,
    producedBy: personName(user.first_name, user.last_name) || user.email,
    generatedAt: now,
    groupByLabel: GROUP_LABELS[groupBy],
    filterSummary: describeFilter(filter, assigneeName, trades),
    total: collected.total,
    byStatus: collected.byStatus,
    byAssignee: collected.byAssignee,
    overdue: collected.overdue,
    groups: collected.groups.map((g) => ({ label: g.label, count: g.ids.length })),
    brand: await loadPdfBrand(ctx, user.workspace_id),
  };
  // Slices of at most ENTRY_BATCH ids, group by group; pass one's id lists are let go as read.
  let group = 0;
  let offset = 0;
  const feed = async () => {
    while (group < collected.groups.length) {
      const ids = (collected.groups[group] as { ids: string[] }).ids;
      if (offset < ids.length) {
        const slice = ids.slice(offset, offset + ENTRY_BATCH);
        offset += ENTRY_BATCH;
        return loadEntries(ctx, scope, group, slice, now, trades);
      }
      (collected.groups[group] as { ids: string[] }).ids = [];
      group += 1;
      offset = 0;
    }
    return null;
  };
  const stream = await streamSnagList(ctx.pdf, head, feed);
  const day = new Date(now * 1000).toISOString().slice(0, 10);
  return { stream, fileName: `snag-list-${day}.pdf` };
}
