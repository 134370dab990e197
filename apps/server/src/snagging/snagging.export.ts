// The exports: one report's evidence PDF, and the report list (its filters applied) as CSV; the
// Excel workbook (xlsx-export.ts) reads the same batches.
import type { Readable } from "node:stream";
import type { InsightFilter } from "@sitesnag/shared/analytics";
import { type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { CursorKey } from "@sitesnag/shared/pagination";
import type { ReportFilter } from "@sitesnag/shared/snagging";
import { readWholeHistory } from "../activity/activity.service";
import { recordPdfExported } from "../activity/activity.writer";
import { loadPdfBrand } from "../branding/branding.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { planCrop } from "../sheets/sheet-crop";
import { nowSeconds } from "../time";
import { tradeNames } from "../trades/trades.service";
import { movable, reportPdfEstimate } from "../workers/pdf-pool";
import { Semaphore } from "../workers/semaphore";
import { type CsvReport, csvHead, csvRows } from "./csv";
import { requireReport } from "./snagging.access";
import { presentAttachment, presentReport } from "./snagging.presenter";
import { countAttachments, findAttachments, findReportsPage, findReportWithNames } from "./snagging.repository";
import { withWaitingFor } from "./snagging.service";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A stored photo read into one buffer of its recorded size, which owns its memory (so it is moved
 * to the PDF worker, not copied): no copy per chunk and no concatenation, so a PDF's reads leave
 * one allocation per photo instead of three. A file whose size differs is read as it comes.
 */
async function readSized(stream: Readable, size: number): Promise<Buffer> {
  if (!(size > 0)) return readAll(stream);
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  const beyond: Buffer[] = [];
  for await (const chunk of stream) {
    const part = chunk as Buffer;
    const fits = Math.max(0, Math.min(part.length, size - at));
    part.copy(bytes, at, 0, fits);
    at += fits;
    // Larger than recorded (not expected): the rest is kept, as readAll would.
    if (fits < part.length) beyond.push(Buffer.from(part.subarray(fits)));
  }
  if (beyond.length > 0) return Buffer.concat([bytes, ...beyond]);
  return at === size ? bytes : Buffer.from(bytes.subarray(0, at));
}

/**
 * The report's evidence PDF, streamed. Its share of the PDF memory budget (its photos' sizes) is
 * held before the photos are read, so PDFs wait for room instead of piling up in memory together.
 * Its History section (issue 23) prints the report's entries up to this export.
 */
export async function downloadReportPdf(
  ctx: AppContext,
  user: UserRow,
  id: string,
  locale: Locale = toLocale(user.locale),
): Promise<Readable> {
  const report = await requireReport(ctx, user, id);
  const [row, attachments, history] = await Promise.all([
    findReportWithNames(ctx.db, user.workspace_id, id),
    findAttachments(ctx.db, [id]),
    readWholeHistory(ctx, id, locale),
  ]);
  if (!row) throw notFound("Report");
  const generatedAt = nowSeconds();
  const photoBytes = attachments.reduce((sum, a) => sum + Number(a.size_bytes), 0);
  const pdf = await ctx.pdf.stream(reportPdfEstimate(photoBytes), async () => {
    // A few reads at a time: S3 round trips overlap without opening 20 connections per PDF.
    const reads = new Semaphore(4);
    const images = await Promise.all(
      attachments.map((a) =>
        reads.run(async () => {
          const stream = await ctx.storage.get(a.storage_key).catch(() => null);
          return stream ? readSized(stream, Number(a.size_bytes)) : null;
        }),
      ),
    );
    // The report's place on its drawing (issue 24): a small crop, or none.
    const plan =
      row.sheet_id && row.pin_x !== null && row.pin_y !== null
        ? await planCrop(ctx, user.workspace_id, {
            sheetId: row.sheet_id,
            x: row.pin_x,
            y: row.pin_y,
            status: row.status,
          }).catch((err: unknown) => {
            ctx.log.warn({ err }, "no plan crop for the report PDF");
            return null;
          })
        : null;
    // Made in a worker thread: the request thread stays free for reads (decision 0018).
    const input = {
      kind: "report" as const,
      plan,
      report: presentReport(row, attachments.map(presentAttachment)),
      clientName: row.project_client_name,
      attachments,
      images,
      generatedAt,
      history: history.map((e) => ({ at: e.at, summary: e.summary, offline: e.offline })),
      brand: await loadPdfBrand(ctx, user.workspace_id),
      locale,
      categoryName: (await tradeNames(ctx.db, user.workspace_id)).get(row.category),
    };
    return { input, transfer: movable(images) };
  });
  // Recorded once the PDF is under way (the history printed in it ends before its own export).
  await recordPdfExported(ctx.db, report, { actor: user, now: generatedAt });
  return pdf;
}

/** What the exports select: the report list's filters and the overview's links' (issue 37). */
export type ExportFilter = ReportFilter & InsightFilter;

/** Rows per query of the CSV and Excel exports: memory stays flat whatever the size of the workspace. */
export const CSV_BATCH = 500;

/** A project id that is not a UUID: no report has it (and PostgreSQL would refuse to compare it). */
export const matchesNothing = (query: ExportFilter): boolean =>
  query.projectId !== undefined && !UUID_PATTERN.test(query.projectId);

/**
 * The reports an export holds, newest first, one keyset batch at a time (reports and their photo
 * counts in two queries bounded by the batch), so neither the server nor the database holds the
 * whole workspace: the report list's filters (GET /api/snagging's, without paging), in the
 * caller's workspace only. A project id that is not a UUID matches nothing, as in the list.
 * `batch` reports per read (the Excel export reads fewer: xlsx-export.ts XLSX_BATCH).
 */
export async function* exportBatches(
  ctx: AppContext,
  user: UserRow,
  query: ExportFilter,
  batch = CSV_BATCH,
): AsyncGenerator<CsvReport[]> {
  if (matchesNothing(query)) return;
  const filters = withWaitingFor(user, query);
  const names = await tradeNames(ctx.db, user.workspace_id);
  let after: CursorKey | undefined;
  for (;;) {
    const rows = await findReportsPage(ctx.db, user.workspace_id, filters, after, batch - 1);
    if (rows.length === 0) return;
    const counts = await countAttachments(
      ctx.db,
      rows.map((r) => r.id),
    );
    const photoCounts = new Map(counts.map((c) => [c.report_id, Number(c.n)]));
    const full = rows.length >= batch;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { sort: last.created_at, id: last.id };
    // splice(0): this generator keeps an empty array, not the batch's rows, while the caller writes
    // them out (awaiting the socket), so they die young (decision 0081).
    yield rows.splice(0).map((row) => {
      const { attachments: _none, ...report } = presentReport(row, []);
      const tradeName = names.get(row.category) ?? row.category;
      return { ...report, tradeName, photoCount: photoCounts.get(row.id) ?? 0 };
    });
    if (!full) return;
  }
}

/** The reports as CSV, streamed: the header at once, then a batch at a time. Works the same on SQLite and PostgreSQL. */
export async function* exportReportsCsv(
  ctx: AppContext,
  user: UserRow,
  query: ExportFilter = {},
): AsyncGenerator<string> {
  yield csvHead();
  for await (const batch of exportBatches(ctx, user, query)) yield csvRows(batch);
}
