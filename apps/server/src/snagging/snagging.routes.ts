import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  InsightFilterSchema,
  ReportCountsInsightQuerySchema as ReportCountsQuerySchema,
  ReportListInsightQuerySchema as ReportListQuerySchema,
} from "@sitesnag/shared/analytics";
import { BulkRequestSchema, BulkResponseSchema, ReportIdsSchema } from "@sitesnag/shared/bulk";
import { MAX_PHOTOS_PER_REPORT, ReportFilterSchema, ReportListSchema, ReportSchema } from "@sitesnag/shared/snagging";
import { SyncResponseSchema } from "@sitesnag/shared/sync";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { sendHeldPdf } from "../http/held-pdf";
import { idempotencyKey } from "../http/idempotency-key";
import { fileAnswer, NO_CONTENT } from "../http/openapi";
import { localiseSentence } from "../i18n/localise-sentence";
import { downloadLocale, requestLocale } from "../i18n/request-locale";
import { chargeWrites, declaredBytes, oneWrite } from "../quotas/write-limits";
import { pdfsInFlight } from "../workers/pdf-limit";
import { BULK_CHUNK, bulkChange, matchingReportIds } from "./snagging.bulk";
import { createReport } from "./snagging.create";
import { downloadReportPdf, exportReportsCsv } from "./snagging.export";
import { photoBytesOf } from "./snagging.files";
import { countReports, getReport, listReports, patchReport, removeReport } from "./snagging.service";
import { ReportCreateFields, ReportPatchFields, readReportRequest, reportRequestBody } from "./snagging.uploads";
import { MAX_SYNC_ITEMS_BYTES, readSyncRequest, SyncRequestBody, syncRequestBytes } from "./sync.request";
import { syncBatch } from "./sync.service";
import { exportReportsXlsx, XLSX_NAME, XLSX_TYPE } from "./xlsx-export";

// The list's filters and, for the workbook, its language (`?lang=`, read by downloadLocale).
/** The exports' filters: the list's, the overview's links' (issue 37) among them, without paging. */
const ExportFilterSchema = ReportFilterSchema.extend(InsightFilterSchema.shape);
const ExportQuerySchema = ExportFilterSchema.extend({ lang: z.string().max(35).optional() });

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(200) });
// What these routes answer, for the OpenAPI document only (http/openapi.ts): written by hand.
const OneReport = z.object({ report: ReportSchema });
const Counts = z.object({
  counts: z.object({
    all: z.number(),
    open: z.number(),
    "in-progress": z.number(),
    resolved: z.number(),
    closed: z.number(),
  }),
});

export function snaggingRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // One account cannot fill the PDF queue that every workspace waits in (PDFS_PER_USER).
    // Shared with every kind of PDF (the project snag list too): workers/pdf-limit.ts.
    const pdfs = pdfsInFlight(ctx);
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);
    // Multipart is parsed only here, part by part in readReportRequest (limits given per request).
    await app.register(multipart, { throwFileSizeLimit: true });

    // `{reports, nextCursor}`: every report (up to the cap) without `limit`/`cursor`, else one page.
    app.get(
      "/",
      {
        schema: {
          summary: "The workspace's snagging reports (all, or a page)",
          querystring: ReportListQuerySchema,
          response: { 200: ReportListSchema },
        },
      },
      async (request) => listReports(ctx, currentUser(request), request.query),
    );

    app.get(
      "/counts",
      {
        schema: { summary: "How many reports there are in each status", querystring: ReportCountsQuerySchema },
        config: { answers: { 200: Counts } },
      },
      async (request) => ({
        counts: await countReports(ctx, currentUser(request), request.query),
      }),
    );

    // `firstWrite`: the guard refuses a caller this instance has just refused before its user
    // lookup, so a flood of refused writes costs no query (decision 0037).
    const write = { firstWrite: oneWrite };

    app.post(
      "/",
      {
        schema: { summary: "Raise a snag (JSON, or multipart with photos)" },
        config: {
          ...write,
          answers: { 201: OneReport },
          idempotencyKey: { replayed: [201] },
          requestBody: reportRequestBody(
            "The report's fields; its photos named by upload hash (JSON) or sent as `images` parts (multipart)",
            ReportCreateFields,
            MAX_PHOTOS_PER_REPORT,
          ),
        },
      },
      async (request, reply) => {
        const key = idempotencyKey(request.headers["idempotency-key"]);
        const user = currentUser(request);
        // Charged before the body is read: a refused request costs no parsing or photo work.
        const declared = declaredBytes(request);
        await chargeWrites(ctx, user, { items: 1, bytes: declared });
        const body = await readReportRequest(request, ctx.photos);
        if (declared === 0) await chargeWrites(ctx, user, { items: 0, bytes: photoBytesOf(body.photos) });
        const { report, replayed } = await createReport(ctx, user, body, key);
        if (replayed) reply.header("Idempotent-Replayed", "true");
        return reply.status(201).send({ report });
      },
    );

    // 200 with one result per item, even when some fail (DESIGN §4).
    // The JSON body is parsed before the handler runs, so the first charge (one change and the
    // declared bytes) is made in onRequest, after the guard: an account over its budget is refused
    // before a 4 MB body is parsed. The rest of the batch's changes are charged once counted.
    app.post(
      "/sync",
      {
        bodyLimit: MAX_SYNC_ITEMS_BYTES,
        schema: { summary: "Apply a batch of offline changes (one result each)" },
        config: { ...write, answers: { 200: SyncResponseSchema }, requestBody: SyncRequestBody },
        onRequest: async (request) => {
          await chargeWrites(ctx, currentUser(request), { items: 1, bytes: declaredBytes(request) });
        },
      },
      async (request) => {
        const user = currentUser(request);
        const sync = await readSyncRequest(request, ctx.photos);
        const streamed = declaredBytes(request) === 0 ? syncRequestBytes(sync) : 0;
        await chargeWrites(ctx, user, { items: Math.max(0, sync.items.length - 1), bytes: streamed });
        return { data: { results: await syncBatch(ctx, user, sync) } };
      },
    );

    // "Select all N matching": the ids of the reports the list's filters match, newest first, at
    // most 1,000 (a bulk change's limit), with how many match in all.
    app.get(
      "/ids",
      {
        schema: {
          summary: "The ids of the reports a filter matches (select all)",
          querystring: ReportListQuerySchema,
          response: { 200: ReportIdsSchema },
        },
      },
      async (request) => matchingReportIds(ctx, currentUser(request), request.query),
    );

    // Bulk changes (decision 0075): 200 with one result per report, even when some fail. A bulk
    // is charged one write per transaction it makes (BULK_CHUNK reports each), so a bulk of 1,000
    // fits the per-minute budget that one-by-one edits of the same reports would not.
    app.post(
      "/bulk",
      {
        schema: { summary: "Change many reports at once", body: BulkRequestSchema },
        config: { ...write, answers: { 200: BulkResponseSchema }, idempotencyKey: {} },
      },
      async (request) => {
        const key = idempotencyKey(request.headers["idempotency-key"]);
        const user = currentUser(request);
        const chunks = Math.ceil(new Set(request.body.ids).size / BULK_CHUNK);
        await chargeWrites(ctx, user, { items: chunks, bytes: declaredBytes(request) });
        const answer = await bulkChange(ctx, user, request.body, key);
        // Each report's failure in the reader's language, as an error answer's sentence is.
        const locale = requestLocale(request);
        return {
          ...answer,
          results: answer.results.map((r) => (r.error ? { ...r, error: localiseSentence(locale, r.error) } : r)),
        };
      },
    );

    // Static segments: find-my-way matches them before the /:id routes. Both exports take the report
    // list's filters (its query without paging), validated by the same schema.
    app.get(
      "/export/csv",
      {
        schema: { summary: "The filtered reports as CSV", querystring: ExportFilterSchema },
        config: { answers: { 200: fileAnswer("text/csv", "The reports as CSV (streamed)") } },
      },
      async (request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", 'attachment; filename="snagging-reports.csv"')
          .header("Cache-Control", "no-store")
          .send(Readable.from(exportReportsCsv(ctx, currentUser(request), request.query))),
    );

    // The workbook's words in the reader's language, or `?lang=`'s (as the PDFs).
    app.get(
      "/export/xlsx",
      {
        schema: { summary: "The filtered reports as an Excel workbook", querystring: ExportQuerySchema },
        config: { answers: { 200: fileAnswer(XLSX_TYPE, "The reports as a workbook (streamed)") } },
      },
      async (request, reply) => {
        const { lang: _lang, ...filters } = request.query;
        return reply
          .type(XLSX_TYPE)
          .header("Content-Disposition", `attachment; filename="${XLSX_NAME}"`)
          .header("Cache-Control", "no-store")
          .send(Readable.from(exportReportsXlsx(ctx, currentUser(request), filters, downloadLocale(request))));
      },
    );

    app.get(
      "/:id/download-pdf",
      {
        schema: { summary: "One report as PDF", params: IdParams },
        config: { answers: { 200: fileAnswer("application/pdf", "The report (streamed)") } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return sendHeldPdf(reply, pdfs, user.id, async () => ({
          stream: await downloadReportPdf(ctx, user, request.params.id, downloadLocale(request)),
          fileName: `snagging-report-${request.params.id}.pdf`,
        }));
      },
    );

    app.get(
      "/:id",
      { schema: { summary: "One report", params: IdParams }, config: { answers: { 200: OneReport } } },
      async (request) => ({
        report: await getReport(ctx, currentUser(request), request.params.id),
      }),
    );

    app.patch(
      "/:id",
      {
        config: {
          ...write,
          answers: { 200: OneReport },
          requestBody: reportRequestBody(
            "`{status}` alone, or the fields to change (with `version`); new photos by upload hash (JSON) or as `images` parts (multipart)",
            ReportPatchFields,
            MAX_PHOTOS_PER_REPORT,
          ),
        },
        schema: { summary: "Change a report (JSON, or multipart with photos)", params: IdParams },
      },
      async (request) => {
        const user = currentUser(request);
        const declared = declaredBytes(request);
        await chargeWrites(ctx, user, { items: 1, bytes: declared });
        return {
          report: await patchReport(ctx, user, request.params.id, async () => {
            const body = await readReportRequest(request, ctx.photos);
            if (declared === 0) await chargeWrites(ctx, user, { items: 0, bytes: photoBytesOf(body.photos) });
            return body;
          }),
        };
      },
    );

    app.delete(
      "/:id",
      { schema: { summary: "Move a report to the Trash", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await removeReport(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
