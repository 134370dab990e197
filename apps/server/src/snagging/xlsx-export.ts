// The report list as an Excel workbook (issue 37): sheet 1 holds one row per report (the list's
// filters applied, the CSV's batches), its reference a link to the report in the app, its dates
// typed; sheet 2 the figures of the same selection. Words in the reader's language (decision 0055).
// Streamed from the database to the socket: see workbook.ts and decision 0064.
import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { PRIORITY_LABEL_IDS, STATUS_LABEL_IDS } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { nowSeconds } from "../time";
import type { Cell, Sheet } from "../xlsx/workbook";
import { workbookStream } from "../xlsx/workbook";
import type { CsvReport } from "./csv";
import { emptyOverview, exportOverview } from "./export-overview";
import { type ExportFilter, exportBatches, matchesNothing } from "./snagging.export";
import { withWaitingFor } from "./snagging.service";

export const XLSX_NAME = "snagging-reports.xlsx";

/**
 * Reports per database read of the workbook, fewer than the CSV's: a batch is alive (its rows,
 * cells and XML) from its read until its last part is deflated, and the request thread's young
 * generation is capped at 8 MB a semi-space (decision 0037). A batch of 500 lived across two
 * scavenges, so V8 promoted about a quarter of everything the export allocated and only a full
 * collection freed it: RSS grew 59–134 MB for 100,000 rows. With 200 a batch dies young: +11 MB,
 * and no slower (decision 0087).
 */
export const XLSX_BATCH = 200;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The link to a report in the web app (as the notification emails link it). */
export const reportUrl = (ctx: AppContext, id: string): string => `${ctx.config.mail.publicUrl}/app/snagging/${id}`;

const REPORT_COLUMNS = (t: Translator) =>
  [
    [t("pdf.field.reference"), 22],
    [t("pdf.field.project"), 24],
    [t("pdf.field.status"), 13],
    [t("pdf.field.priority"), 11],
    [t("pdf.xlsx.trade"), 16],
    [t("pdf.field.assignedTo"), 22],
    [t("pdf.field.createdBy"), 20],
    [t("pdf.xlsx.createdUtc"), 17],
    [t("pdf.field.dueDate"), 12],
    [t("pdf.field.location"), 30],
    [t("pdf.xlsx.latitude"), 11],
    [t("pdf.xlsx.longitude"), 11],
    [t("pdf.xlsx.photos"), 8],
    [t("pdf.xlsx.description"), 60],
  ] as const;

function reportRow(ctx: AppContext, t: Translator, r: CsvReport): Cell[] {
  return [
    { link: reportUrl(ctx, r.id), text: r.title },
    r.projectName,
    t(STATUS_LABEL_IDS[r.status]),
    t(PRIORITY_LABEL_IDS[r.priority]),
    r.tradeName,
    r.assignedToName ?? null,
    r.createdByName ?? null,
    { dateTime: r.createdAt },
    r.dueDate === null ? null : { date: r.dueDate },
    r.locationPath ?? null,
    r.locationLat ?? null,
    r.locationLng ?? null,
    r.photoCount,
    r.description,
  ];
}

async function* overviewRows(
  ctx: AppContext,
  user: UserRow,
  query: ExportFilter,
  t: Translator,
  now: number,
): AsyncGenerator<Cell[][]> {
  const o = matchesNothing(query)
    ? emptyOverview()
    : await exportOverview(ctx.db, user.workspace_id, withWaitingFor(user, query), now);
  const statuses = REPORT_STATUSES.map((status) => [t(STATUS_LABEL_IDS[status]), o.byStatus[status]]);
  const priorities = PRIORITIES.map((priority) => {
    const f = o.byPriority[priority];
    return [t(PRIORITY_LABEL_IDS[priority]), f.total, f.open, f.overdue];
  });
  yield [
    [t("pdf.xlsx.generatedUtc"), { dateTime: now }],
    [t("pdf.snagList.total"), o.total, o.open, o.overdue],
    [],
    [t("pdf.snagList.byStatus")],
    ...statuses,
    [],
    [t("pdf.xlsx.byPriority")],
    ...priorities,
  ];
}

/** The workbook of the report list (the list's filters), in `locale`, as a stream of bytes. */
export function exportReportsXlsx(
  ctx: AppContext,
  user: UserRow,
  query: ExportFilter,
  locale: Locale,
): AsyncGenerator<Buffer> {
  const t = translatorFor(locale);
  const now = nowSeconds();
  const columns = REPORT_COLUMNS(t);
  const reports: Sheet = {
    name: t("pdf.xlsx.reportsSheet"),
    header: columns.map(([name]) => name),
    widths: columns.map(([, width]) => width),
    rows: (async function* () {
      // splice(0): the loop's binding keeps an empty array, not the batch, while the sheet is written.
      for await (const batch of exportBatches(ctx, user, query, XLSX_BATCH))
        yield batch.splice(0).map((r) => reportRow(ctx, t, r));
    })(),
  };
  const overview: Sheet = {
    name: t("pdf.xlsx.overviewSheet"),
    header: [t("pdf.xlsx.figure"), t("pdf.xlsx.reports"), t("pdf.xlsx.open"), t("pdf.snagList.overdue")],
    widths: [28, 12, 20, 12],
    rows: overviewRows(ctx, user, query, t, now),
  };
  return workbookStream([reports, overview]);
}
