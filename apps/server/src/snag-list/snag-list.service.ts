// GET /api/projects/{id}/snag-list.pdf: the project's reports matching the list's filters as one
// PDF, grouped as asked. Access first (another workspace's project answers 404), then pass one
// (groups and counts, ids only), then the PDF worker pulls entries 20 at a time (pass two) while
// its bytes stream to the client: memory stays bounded whatever the size of the project.

import type { Readable } from "node:stream";
import { contactLabel } from "@sitesnag/shared/contacts";
import { DEFAULT_LOCALE, type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { type SnagFilter, type SnagListQuery, UNASSIGNED } from "@sitesnag/shared/snag-list";
import { loadPdfBrand } from "../branding/branding.service";
import { findContact } from "../contacts/contacts.repository";
import type { AppContext } from "../context";
import type { ProjectRow, UserRow } from "../db/schema";
import { formatDayIn } from "../format";
import { badRequest, notFound } from "../http/errors";
import { PRIORITY_LABEL_IDS, STATUS_LABEL_IDS, tradeLabel } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { findProject } from "../projects/projects.repository";
import { nowSeconds } from "../time";
import { tradeNames } from "../trades/trades.service";
import { findWorkspaceMember } from "../users/users.repository";
import { loadEntries } from "./snag-list.entries";
import { collectGroups, localiseGroups, personName } from "./snag-list.groups";
import type { SnagScope } from "./snag-list.repository";
import type { SnagListHead } from "./snag-list-pdf";
import { streamSnagList } from "./snag-list-stream";

/** Entries per batch sent to the worker (each with up to three ~30 KB thumbnails). */
export const ENTRY_BATCH = 20;

const GROUP_LABELS = {
  assignee: "pdf.snagList.groupAssignee",
  location: "pdf.snagList.groupLocation",
  category: "pdf.snagList.groupCategory",
} as const;

export async function requireProjectOf(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}

/**
 * An assignee filter names a member or a contact of the workspace (or `unassigned`); anything
 * else — another workspace's contact included — is a 400. Answers the name the cover prints.
 */
export async function checkAssigneeFilter(
  ctx: AppContext,
  user: UserRow,
  filter: SnagFilter,
  t: Translator = translatorFor("en-GB"),
): Promise<string | null> {
  if (filter.assigneeId === undefined || filter.assigneeId === "") return null;
  if (filter.assigneeId === UNASSIGNED) return t("pdf.unassigned");
  if (UUID_PATTERN.test(filter.assigneeId)) {
    const member = await findWorkspaceMember(ctx.db, user.workspace_id, filter.assigneeId);
    if (member) return personName(member.first_name, member.last_name) ?? "";
    const contact = await findContact(ctx.db, user.workspace_id, filter.assigneeId);
    if (contact) return contactLabel(contact.name, contact.company);
  }
  const message = "Assignee must be a member or a contact of your workspace";
  throw badRequest(message, { assigneeId: [message] });
}

/** The filters in words, for the cover, in the reader's language. */
export function describeFilter(
  filter: SnagFilter,
  assigneeName: string | null,
  locale: Locale = DEFAULT_LOCALE,
  trades: ReadonlyMap<string, string> = new Map(),
): string {
  const t = translatorFor(locale);
  const parts: string[] = [];
  if (filter.status) parts.push(t("pdf.snagList.filterStatus", { value: t(STATUS_LABEL_IDS[filter.status]) }));
  if (filter.priority) parts.push(t("pdf.snagList.filterPriority", { value: t(PRIORITY_LABEL_IDS[filter.priority]) }));
  if (filter.category) parts.push(t("pdf.snagList.filterCategory", { value: tradeLabel(filter.category, trades, t) }));
  if (assigneeName !== null) parts.push(t("pdf.snagList.filterAssignee", { value: assigneeName }));
  if (filter.dueBefore !== undefined) {
    parts.push(t("pdf.snagList.filterDueBefore", { date: formatDayIn(locale, filter.dueBefore) }));
  }
  if (filter.search) parts.push(t("pdf.snagList.filterSearch", { value: filter.search }));
  return parts.length === 0 ? t("pdf.snagList.allSnags") : parts.join(" · ");
}

export async function openSnagListPdf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  query: SnagListQuery,
  locale: Locale = toLocale(user.locale),
): Promise<{ stream: Readable; fileName: string }> {
  const project = await requireProjectOf(ctx, user, projectId);
  const { groupBy, lang: _lang, ...filter } = query;
  const t = translatorFor(locale);
  const assigneeName = await checkAssigneeFilter(ctx, user, filter, t);
  const scope: SnagScope = { workspaceId: user.workspace_id, projectId: project.id, filter };
  const now = nowSeconds();
  const trades = await tradeNames(ctx.db, user.workspace_id);
  const collected = localiseGroups(await collectGroups(ctx.db, scope, groupBy, now, trades), groupBy, t);
  const head: SnagListHead = {
    projectName: project.name,
    clientName: project.client_name,
    projectLocation: project.location,
    producedBy: personName(user.first_name, user.last_name) || user.email,
    generatedAt: now,
    groupByLabel: t(GROUP_LABELS[groupBy]),
    filterSummary: describeFilter(filter, assigneeName, locale, trades),
    total: collected.total,
    byStatus: collected.byStatus,
    byAssignee: collected.byAssignee,
    overdue: collected.overdue,
    groups: collected.groups.map((g) => ({ label: g.label, count: g.ids.length })),
    brand: await loadPdfBrand(ctx, user.workspace_id),
    locale,
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
        return loadEntries(ctx, scope, group, slice, now, t, trades);
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
