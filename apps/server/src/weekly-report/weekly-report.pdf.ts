// The weekly report's PDF (issue 37): the snag list's document (cover with the workspace's
// branding, contents, entries with thumbnails; snag-list/) with a page of charts after the cover
// (pdf/pdf-charts.ts) and its own groups: open items by assignee and location, then the items
// closed since the last report, whose thumbnails are the before/after pair when a fix added
// photos. Rendered in the PDF pool like every PDF, entries fed 20 at a time; the document comes
// back as one Buffer (it is stored once and attached to each recipient's message).
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { loadPdfBrand } from "../branding/branding.service";
import type { AppContext } from "../context";
import type { ProjectRow } from "../db/schema";
import { formatDayIn } from "../format";
import { PRIORITY_LABEL_IDS, STATUS_LABEL_IDS } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { newId } from "../ids";
import { loadEntries } from "../snag-list/snag-list.entries";
import { assigneeName, localiseLocation, reportLocation } from "../snag-list/snag-list.groups";
import { type SnagScope, scanScope } from "../snag-list/snag-list.repository";
import { ENTRY_BATCH } from "../snag-list/snag-list.service";
import type { SnagListHead } from "../snag-list/snag-list-pdf";
import { streamSnagList } from "../snag-list/snag-list-stream";
import { tradeNames } from "../trades/trades.service";
import { type WeeklyFigures, weeklyFigures } from "./weekly-report.figures";

const MAX_LABEL = 160;
const cut = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/** Open items in groups of one assignee at one place, in reading order (the unassigned last). */
async function openGroups(ctx: AppContext, scope: SnagScope, t: Translator) {
  const groups = new Map<string, { assignee: string; place: string; unassigned: boolean; ids: string[] }>();
  const byAssignee = new Map<string, { label: string; n: number }>();
  const byStatus = new Map<string, number>();
  for await (const batch of scanScope(ctx.db, scope)) {
    for (const r of batch) {
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      if (r.status !== "open" && r.status !== "in-progress") continue;
      const name = assigneeName(r);
      const assignee = cut(name ?? t("pdf.unassigned"));
      const who = r.assigned_to ?? r.assigned_contact_id ?? "";
      const place = cut(localiseLocation(reportLocation(r), t));
      const key = `${who}|${place.toLowerCase()}`;
      const group = groups.get(key) ?? { assignee, place, unassigned: name === null, ids: [] };
      group.ids.push(r.id);
      groups.set(key, group);
      const counted = byAssignee.get(who) ?? { label: assignee, n: 0 };
      counted.n += 1;
      byAssignee.set(who, counted);
    }
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      Number(a.unassigned) - Number(b.unassigned) ||
      a.assignee.localeCompare(b.assignee, "en", { sensitivity: "base" }) ||
      a.place.localeCompare(b.place, "en", { sensitivity: "base" }),
  );
  return {
    groups: sorted.map((g) => ({ label: `${g.assignee} · ${g.place}`, ids: g.ids })),
    byAssignee: [...byAssignee.values()].sort((a, b) => b.n - a.n || a.label.localeCompare(b.label)),
    byStatus,
  };
}

/**
 * The PDF as a local file (under DATA_DIR/tmp, for `storage.putFile` to take: a 2,000-snag report is
 * tens of megabytes, never held in memory whole), and the figures it prints.
 */
export type WeeklyReportPdf = { file: string; figures: WeeklyFigures };

export async function renderWeeklyReport(
  ctx: AppContext,
  project: ProjectRow,
  opts: { since: number; now: number; locale: Locale; producedBy: string },
): Promise<WeeklyReportPdf> {
  const { since, now, locale } = opts;
  const t = translatorFor(locale);
  const scope: SnagScope = { workspaceId: project.workspace_id, projectId: project.id, filter: {} };
  const [figures, trades, brand, open] = await Promise.all([
    weeklyFigures(ctx, project.workspace_id, project.id, since, now),
    tradeNames(ctx.db, project.workspace_id),
    loadPdfBrand(ctx, project.workspace_id),
    openGroups(ctx, scope, t),
  ]);
  const sinceDay = formatDayIn(locale, since);
  const groups = [...open.groups, { label: t("pdf.weekly.closedGroup", { date: sinceDay }), ids: figures.closedSince }];
  const { counts } = figures;
  const head: SnagListHead = {
    projectName: project.name,
    clientName: project.client_name,
    projectLocation: project.location,
    producedBy: opts.producedBy,
    generatedAt: now,
    groupByLabel: t("pdf.weekly.grouping"),
    filterSummary: t("pdf.weekly.period", { from: sinceDay, to: formatDayIn(locale, now) }),
    total: counts.total,
    byStatus: REPORT_STATUSES.map((s) => ({ label: t(STATUS_LABEL_IDS[s]), n: open.byStatus.get(s) ?? 0 })),
    byAssignee: open.byAssignee,
    overdue: counts.overdue,
    groups: groups.map((g) => ({ label: g.label, count: g.ids.length })),
    brand,
    locale,
    weekly: {
      kicker: t("pdf.weekly.kicker"),
      title: t("pdf.weekly.docTitle", { project: project.name }),
      summary: {
        heading: t("pdf.weekly.heading"),
        counts: [
          { label: t("pdf.weekly.open"), n: counts.open },
          { label: t("pdf.weekly.overdue"), n: counts.overdue },
          { label: t("pdf.weekly.dueSoon"), n: counts.dueSoon },
          { label: t("pdf.weekly.awaiting"), n: counts.awaitingVerification },
          { label: t("pdf.weekly.total"), n: counts.total },
        ],
        weekly: {
          title: t("pdf.weekly.weeklyTitle"),
          legend: { opened: t("pdf.weekly.opened"), closed: t("pdf.weekly.closed"), open: t("pdf.weekly.stillOpen") },
          rows: figures.weekly.map((w) => ({
            label: new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", timeZone: "UTC" }).format(
              new Date(`${w.weekStart}T00:00:00Z`),
            ),
            opened: w.opened,
            closed: w.closed,
            open: w.open,
          })),
        },
        ageing: {
          title: t("pdf.weekly.ageingTitle"),
          series: PRIORITIES.map((p) => t(PRIORITY_LABEL_IDS[p])),
          rows: figures.ageing.map((a) => ({
            label: t("pdf.weekly.days", { range: a.bucket }),
            values: PRIORITIES.map((p) => a[p]),
          })),
        },
      },
    },
  };
  let group = 0;
  let offset = 0;
  const feed = async () => {
    while (group < groups.length) {
      const ids = (groups[group] as { ids: string[] }).ids;
      if (offset < ids.length) {
        const slice = ids.slice(offset, offset + ENTRY_BATCH);
        offset += ENTRY_BATCH;
        return loadEntries(ctx, scope, group, slice, now, t, trades);
      }
      (groups[group] as { ids: string[] }).ids = [];
      group += 1;
      offset = 0;
    }
    return null;
  };
  const stream: Readable = await streamSnagList(ctx.pdf, head, feed);
  const folder = path.join(ctx.config.dataDir, "tmp");
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `weekly-report-${newId()}.pdf`);
  try {
    await pipeline(stream, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { file, figures };
}
