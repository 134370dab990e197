import multipart from "@fastify/multipart";
import { AuditOverwriteListSchema } from "@sitesnag/shared/audit-overwrites";
import {
  AnswerHistoryEntrySchema,
  AuditApiSchema,
  AuditCreateSchema,
  AuditImportSchema,
  AuditListQuerySchema,
  AuditListSchema,
  AuditPatchSchema,
  AuditTrendsQuerySchema,
  AuditTrendsSchema,
  ItemPatchSchema,
  MAX_AUDIT_PHOTOS_PER_ITEM,
} from "@sitesnag/shared/audits-api";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../http/errors";
import { sendHeldPdf } from "../http/held-pdf";
import { fileAnswer, imagesField, NO_CONTENT } from "../http/openapi";
import { PerKeyLimit } from "../http/per-key-limit";
import { downloadLocale } from "../i18n/request-locale";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { chargeWrites, declaredBytes, oneWrite } from "../quotas/write-limits";
import { photoBytesOf } from "../snagging/snagging.files";
import { readReportRequest } from "../snagging/snagging.uploads";
import { importAudit } from "./audits.import";
import { auditOverwrites } from "./audits.overwrites";
import { downloadAuditPdf } from "./audits.pdf";
import { addPhotos, removePhoto } from "./audits.photos";
import { getRevision, startRevision } from "./audits.revisions";
import { auditHistory, countWorkspaceAudits, createAudit, getAudit, listAudits, removeAudit } from "./audits.service";
import { auditTrends } from "./audits.trends";
import { patchAudit } from "./audits.update";

// Any string up to the router's param limit; a malformed id simply answers 404 in the service.
const param = z.string().max(MAX_ID_PARAM_LENGTH);
const IdParams = z.object({ id: param });
const ItemParams = z.object({ id: param, itemId: param });
const PhotoParams = z.object({ id: param, photoId: param });
const RevisionParams = z.object({ id: param, revision: param });
// What these routes answer, for the OpenAPI document only (http/openapi.ts).
const OneAudit = z.object({ audit: AuditApiSchema });
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !IDEMPOTENCY_KEY.test(header)) {
    throw badRequest("Idempotency-Key must be 1 to 200 visible ASCII characters");
  }
  return header;
}

const MAX_PATCH_BYTES = 4 * 1024 * 1024;

/** One device audit with its photos in base64 (compressed on the device to ≤ 1600 px, ~0.3 MB each). */
const MAX_IMPORT_BYTES = 40 * 1024 * 1024;

export function auditRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // One account cannot fill the PDF queue every workspace waits in (PDFS_PER_USER), as for reports.
    const n = ctx.config.pdfsPerUser;
    const pdfsInFlight = new PerKeyLimit(
      n,
      `You already have ${n} PDF${n === 1 ? "" : "s"} being prepared. Please wait for ${n === 1 ? "it" : "them"} to finish, then try again.`,
    );
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);
    // Multipart only for item photos, read part by part (readReportRequest).
    await app.register(multipart, { throwFileSizeLimit: true });

    // Every write is charged to the caller and their workspace's per-minute budgets (decision 0019)
    // before any work: in onRequest (after the guard) for JSON bodies, so a caller over budget is
    // refused before a body of up to 40 MB is parsed; one item and the declared bytes.
    const chargeOne = async (request: FastifyRequest) => {
      await chargeWrites(ctx, currentUser(request), { items: 1, bytes: declaredBytes(request) });
    };
    // The guard refuses a caller this instance has just refused before its user lookup (0037).
    const write = { firstWrite: oneWrite };
    /** A body streamed without Content-Length: its bytes once parsed (the JSON is what is stored). */
    const chargeStreamed = async (request: FastifyRequest, items: number) => {
      const bytes = declaredBytes(request) === 0 ? Buffer.byteLength(JSON.stringify(request.body ?? "")) : 0;
      await chargeWrites(ctx, currentUser(request), { items, bytes });
    };

    app.get(
      "/",
      {
        schema: {
          summary: "The workspace's audits (all, or a page)",
          querystring: AuditListQuerySchema,
          response: { 200: AuditListSchema },
        },
      },
      async (request) => listAudits(ctx, currentUser(request), request.query),
    );

    // 201 for a new audit; 200 with the same audit when a device uploads one it sent before.
    app.post(
      "/",
      {
        onRequest: chargeOne,
        config: { ...write, answers: { 201: OneAudit, 200: OneAudit } },
        schema: { summary: "Start an audit (200 with the same audit when sent again)", body: AuditCreateSchema },
      },
      async (request, reply) => {
        await chargeStreamed(request, 0);
        const { audit, created } = await createAudit(ctx, currentUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ audit });
      },
    );

    // Static segments: matched before /:id.
    app.get(
      "/count",
      {
        schema: { summary: "How many audits the workspace has" },
        config: { answers: { 200: z.object({ count: z.number().int() }) } },
      },
      async (request) => countWorkspaceAudits(ctx, currentUser(request)),
    );

    app.get(
      "/trends",
      {
        schema: {
          summary: "Audit scores over time",
          querystring: AuditTrendsQuerySchema,
          response: { 200: AuditTrendsSchema },
        },
      },
      async (request) => auditTrends(ctx, currentUser(request), request.query),
    );

    // An audit kept on a device (or one entry of a backup file), photos and signatures included.
    app.post(
      "/import",
      {
        bodyLimit: MAX_IMPORT_BYTES,
        onRequest: chargeOne,
        config: { ...write, answers: { 201: OneAudit, 200: OneAudit } },
        schema: {
          summary: "Upload an audit kept on a device, photos and signatures included",
          body: AuditImportSchema,
        },
      },
      async (request, reply) => {
        await chargeStreamed(request, 0);
        const { audit, created } = await importAudit(ctx, currentUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ audit });
      },
    );

    app.get(
      "/:id",
      { schema: { summary: "One audit", params: IdParams }, config: { answers: { 200: OneAudit } } },
      async (request) => ({
        audit: await getAudit(ctx, currentUser(request), request.params.id),
      }),
    );

    // Room for both signatures (up to 1 MB each, base64) beside the answers.
    app.patch(
      "/:id",
      {
        bodyLimit: MAX_PATCH_BYTES,
        onRequest: chargeOne,
        config: { ...write, answers: { 200: OneAudit } },
        schema: {
          summary: "Change an audit: its fields, answers and signatures",
          params: IdParams,
          body: AuditPatchSchema,
        },
      },
      async (request) => {
        // One item per answer changed, as a sync batch counts its changes (the first is charged).
        await chargeStreamed(request, Math.max(0, (request.body.answers?.length ?? 0) - 1));
        return { audit: await patchAudit(ctx, currentUser(request), request.params.id, request.body) };
      },
    );

    app.delete(
      "/:id",
      {
        onRequest: chargeOne,
        config: { ...write, answers: NO_CONTENT },
        schema: { summary: "Delete an audit and its files", params: IdParams },
      },
      async (request, reply) => {
        await removeAudit(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );

    // One item's answer: only the fields sent change, so people answering other items merge.
    app.patch(
      "/:id/items/:itemId",
      {
        onRequest: chargeOne,
        config: { ...write, answers: { 200: OneAudit } },
        schema: { summary: "Answer one item of an audit", params: ItemParams, body: ItemPatchSchema },
      },
      async (request) => {
        await chargeStreamed(request, 0);
        return {
          audit: await patchAudit(ctx, currentUser(request), request.params.id, {
            answers: [{ ...request.body, itemId: request.params.itemId }],
          }),
        };
      },
    );

    // Photos as repeated multipart file fields named `images`, like a report's; an Idempotency-Key
    // makes a repeated upload (an outbox retry) add nothing.
    app.post(
      "/:id/items/:itemId/photos",
      {
        config: {
          ...write,
          answers: { 201: OneAudit },
          idempotencyKey: { replayed: [201] },
          requestBody: {
            description: "The item's new photos, as `images` parts",
            content: { "multipart/form-data": z.object({ images: imagesField(MAX_AUDIT_PHOTOS_PER_ITEM) }) },
          },
        },
        schema: { summary: "Add photos to an item (multipart `images`)", params: ItemParams },
      },
      async (request, reply) => {
        const { id, itemId } = request.params;
        const key = idempotencyKey(request.headers["idempotency-key"]);
        const user = currentUser(request);
        // Charged before the body is read: a refused request costs no photo work.
        const declared = declaredBytes(request);
        await chargeWrites(ctx, user, { items: 1, bytes: declared });
        const { audit, replayed } = await addPhotos(ctx, user, id, itemId, key, async () => {
          if (!request.isMultipart()) return [];
          const { photos } = await readReportRequest(request, ctx.photos, MAX_AUDIT_PHOTOS_PER_ITEM);
          if (declared === 0) await chargeWrites(ctx, user, { items: 0, bytes: photoBytesOf(photos) });
          return photos;
        });
        if (replayed) reply.header("Idempotent-Replayed", "true");
        return reply.status(201).send({ audit });
      },
    );

    app.delete(
      "/:id/photos/:photoId",
      {
        onRequest: chargeOne,
        config: { ...write, answers: { 200: OneAudit } },
        schema: { summary: "Remove a photo from an audit", params: PhotoParams },
      },
      async (request) => ({
        audit: await removePhoto(ctx, currentUser(request), request.params.id, request.params.photoId),
      }),
    );

    app.get(
      "/:id/pdf",
      {
        schema: { summary: "An audit as PDF", params: IdParams },
        config: { answers: { 200: fileAnswer("application/pdf", "The audit (streamed)") } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return sendHeldPdf(reply, pdfsInFlight, user.id, async () => ({
          stream: await downloadAuditPdf(ctx, user, request.params.id, downloadLocale(request)),
          fileName: `site-audit-${request.params.id}.pdf`,
        }));
      },
    );

    app.get(
      "/:id/history",
      {
        schema: { summary: "Who answered what in an audit, and when", params: IdParams },
        config: { answers: { 200: z.object({ entries: z.array(AnswerHistoryEntrySchema) }) } },
      },
      async (request) => ({
        entries: await auditHistory(ctx, currentUser(request), request.params.id),
      }),
    );

    // The caller's answers another person's replaced, for the notice with Restore (decision 0038).
    app.get(
      "/:id/overwrites",
      {
        schema: { summary: "The caller's answers that someone else's replaced", params: IdParams },
        config: { answers: { 200: AuditOverwriteListSchema } },
      },
      async (request) => ({
        overwrites: await auditOverwrites(ctx, currentUser(request), request.params.id),
      }),
    );

    app.post(
      "/:id/revisions",
      {
        onRequest: chargeOne,
        config: { ...write, answers: { 201: OneAudit } },
        schema: { summary: "Start a new revision of a completed audit", params: IdParams },
      },
      async (request, reply) =>
        reply.status(201).send({ audit: await startRevision(ctx, currentUser(request), request.params.id) }),
    );

    app.get(
      "/:id/revisions/:revision",
      {
        schema: { summary: "An earlier revision of an audit", params: RevisionParams },
        config: { answers: { 200: OneAudit } },
      },
      async (request) => {
        const revision = /^[1-9]\d{0,8}$/.test(request.params.revision) ? Number(request.params.revision) : 0;
        if (revision === 0) throw notFound("Revision");
        return { audit: await getRevision(ctx, currentUser(request), request.params.id, revision) };
      },
    );
  };
}
