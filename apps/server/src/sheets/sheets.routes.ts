import multipart from "@fastify/multipart";
import { SheetPatchSchema, SheetSchema } from "@sitesnag/shared/sheets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { SheetJobs } from "./sheet-jobs";
import { createSheetRenderer } from "./sheet-pool";
import {
  addRevision,
  editSheet,
  getSheet,
  listSheets,
  removeSheet,
  type SheetServices,
  uploadSheets,
} from "./sheets.service";
import { readSheetUpload, SheetRevisionBody, SheetUploadBody } from "./sheets.upload";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });
// What these routes answer, for the OpenAPI document only (http/openapi.ts).
const OneSheet = z.object({ sheet: SheetSchema });
const Sheets = z.object({ sheets: z.array(SheetSchema) });

/** The drawing renderer and its job queue: one per app, shared by the routes and the demo seed. */
export function createSheetServices(ctx: AppContext): SheetServices {
  const { sheets } = ctx.config;
  const renderer = createSheetRenderer({
    workers: sheets.workers,
    timeoutSeconds: sheets.renderTimeoutSeconds,
    maxMegapixels: sheets.maxMegapixels,
    memoryMb: sheets.memoryMb,
  });
  const jobs = new SheetJobs(ctx, renderer, {
    lanes: sheets.workers,
    maxQueuedPages: sheets.maxQueuedPages,
    renderTimeoutSeconds: sheets.renderTimeoutSeconds,
  });
  return { ctx, renderer, jobs };
}

/** Registered under /api: `/projects/:id/sheets` and `/sheets/*` (issue 24). */
export function sheetRoutes(services: SheetServices, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx, jobs } = services;
    // Revisions left processing by a stop or a crash render again once the app is ready.
    app.addHook("onReady", () => jobs.resume());
    app.addHook("onClose", () => jobs.close());

    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);
    await app.register(multipart, { throwFileSizeLimit: true });

    app.post(
      "/projects/:id/sheets",
      {
        schema: { summary: "Upload a drawing (multipart PDF or image): one sheet per page", params: IdParams },
        config: { answers: { 201: Sheets }, requestBody: SheetUploadBody },
      },
      async (request, reply) => {
        const sheets = await uploadSheets(services, currentUser(request), request.params.id, () =>
          readSheetUpload(request),
        );
        return reply.status(201).send({ sheets });
      },
    );

    app.get(
      "/projects/:id/sheets",
      { schema: { summary: "A project's drawing sheets", params: IdParams }, config: { answers: { 200: Sheets } } },
      async (request) => ({
        sheets: await listSheets(ctx, currentUser(request), request.params.id),
      }),
    );

    app.get(
      "/sheets/:id",
      { schema: { summary: "One sheet with its revisions", params: IdParams }, config: { answers: { 200: OneSheet } } },
      async (request) => ({
        sheet: await getSheet(ctx, currentUser(request), request.params.id),
      }),
    );

    app.patch(
      "/sheets/:id",
      {
        schema: { summary: "Rename a sheet or change its level", params: IdParams, body: SheetPatchSchema },
        config: { answers: { 200: OneSheet } },
      },
      async (request) => ({
        sheet: await editSheet(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      "/sheets/:id",
      { schema: { summary: "Delete a sheet", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await removeSheet(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      "/sheets/:id/revisions",
      {
        schema: { summary: "Upload a new revision of a sheet (multipart)", params: IdParams },
        config: { answers: { 201: OneSheet }, requestBody: SheetRevisionBody },
      },
      async (request, reply) => {
        const sheet = await addRevision(services, currentUser(request), request.params.id, () =>
          readSheetUpload(request),
        );
        return reply.status(201).send({ sheet });
      },
    );
  };
}
