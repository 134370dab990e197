import multipart from "@fastify/multipart";
import { SheetPatchSchema } from "@sitesnag/shared/sheets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
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
import { readSheetUpload } from "./sheets.upload";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

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

    app.post("/projects/:id/sheets", { schema: { params: IdParams } }, async (request, reply) => {
      const sheets = await uploadSheets(services, currentUser(request), request.params.id, () =>
        readSheetUpload(request),
      );
      return reply.status(201).send({ sheets });
    });

    app.get("/projects/:id/sheets", { schema: { params: IdParams } }, async (request) => ({
      sheets: await listSheets(ctx, currentUser(request), request.params.id),
    }));

    app.get("/sheets/:id", { schema: { params: IdParams } }, async (request) => ({
      sheet: await getSheet(ctx, currentUser(request), request.params.id),
    }));

    app.patch("/sheets/:id", { schema: { params: IdParams, body: SheetPatchSchema } }, async (request) => ({
      sheet: await editSheet(ctx, currentUser(request), request.params.id, request.body),
    }));

    app.delete("/sheets/:id", { schema: { params: IdParams } }, async (request, reply) => {
      await removeSheet(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    });

    app.post("/sheets/:id/revisions", { schema: { params: IdParams } }, async (request, reply) => {
      const sheet = await addRevision(services, currentUser(request), request.params.id, () =>
        readSheetUpload(request),
      );
      return reply.status(201).send({ sheet });
    });
  };
}
