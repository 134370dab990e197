import {
  LocationAnswerSchema,
  LocationCreateSchema,
  LocationDeleteResultSchema,
  LocationImportJsonSchema,
  LocationImportResultSchema,
  LocationLabelsQuerySchema,
  LocationListSchema,
  LocationLookupSchema,
  LocationPatchSchema,
} from "@sitesnag/shared/locations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { COMPRESS_THRESHOLD_BYTES } from "../http/compression";
import { badRequest } from "../http/errors";
import { sendHeldPdf } from "../http/held-pdf";
import { fileAnswer } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { pdfsInFlight } from "../workers/pdf-limit";
import { editLocation } from "./locations.edit";
import { importLocations } from "./locations.import";
import { openLabelsPdf } from "./locations.labels";
import {
  createLocation,
  lookUpLocation,
  readLocationTree,
  removeLocation,
  type TreeTimings,
} from "./locations.service";
import { TreeCache, treeEncoding } from "./tree-cache";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

/** Registered under /api: `/projects/:id/locations…` and `/locations/:id` (issue 36). */
export function locationRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);
    const trees = new TreeCache();

    app.get(
      "/projects/:id/locations",
      // No response schema: the service serialises the answer itself (LocationListSchema's shape,
      // checked against it in locations-api.test.ts); its ETag is the project's tree version.
      {
        schema: { summary: "A project's location tree (ETag: 304 when unchanged)", params: IdParams },
        config: {
          answers: {
            200: LocationListSchema,
            304: z.null().describe("Unchanged since the ETag sent in If-None-Match: nothing to read again"),
          },
          answerHeaders: { 200: ["ETag"], 304: ["ETag"] },
        },
      },
      async (request, reply) => {
        const known = request.headers["if-none-match"]?.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
        const timings: TreeTimings = {};
        const { etag, body } = await readLocationTree(
          ctx,
          currentUser(request),
          request.params.id,
          known,
          trees,
          timings,
        );
        reply.header("etag", etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
        if (body === null) return reply.status(304).send();
        reply.type("application/json; charset=utf-8");
        // Compressed once per tree version (tree-cache.ts), not on every read as other answers are.
        const encoding = treeEncoding(request.headers["accept-encoding"]);
        if (encoding === null || body.length < COMPRESS_THRESHOLD_BYTES) {
          return reply.header("server-timing", serverTiming(timings)).send(body);
        }
        const compressing = performance.now();
        const bytes = await trees.compressed(etag, body, encoding);
        timings.compress = performance.now() - compressing;
        return reply.header("server-timing", serverTiming(timings)).header("content-encoding", encoding).send(bytes);
      },
    );

    app.post(
      "/projects/:id/locations",
      {
        schema: {
          summary: "Add a location",
          params: IdParams,
          body: LocationCreateSchema,
          response: { 201: LocationAnswerSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ location: await createLocation(ctx, currentUser(request), request.params.id, request.body) }),
    );

    // text/plain (the list as pasted or uploaded) or JSON {lines}.
    app.post(
      "/projects/:id/locations/import",
      {
        schema: {
          summary: "Add locations from a list of paths (text/plain, or JSON {lines})",
          params: IdParams,
          response: { 200: LocationImportResultSchema },
        },
        config: {
          requestBody: {
            description: "The paths, one a line (`Building A > Level 1 > Flat 101`)",
            content: {
              "text/plain": z.string().describe("One location path a line"),
              "application/json": LocationImportJsonSchema,
            },
          },
        },
      },
      async (request) => {
        const body = request.body;
        const isText = (request.headers["content-type"] ?? "").toLowerCase().startsWith("text/plain");
        let lines: string | string[];
        if (isText && typeof body === "string") lines = body;
        else {
          const parsed = LocationImportJsonSchema.safeParse(body);
          if (!parsed.success) {
            throw badRequest("Send the list as text, one path a line, or as JSON with a list of lines");
          }
          lines = parsed.data.lines;
        }
        return importLocations(ctx, currentUser(request), request.params.id, lines);
      },
    );

    // A static segment under the project: streamed from the PDF pool like the snag list.
    app.get(
      "/projects/:id/locations/labels.pdf",
      {
        schema: {
          summary: "QR labels for a project's locations as PDF",
          params: IdParams,
          querystring: LocationLabelsQuerySchema,
        },
        config: { answers: { 200: fileAnswer("application/pdf", "The labels (streamed)") } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
        return sendHeldPdf(reply, pdfsInFlight(ctx), user.id, () =>
          openLabelsPdf(ctx, user, request.params.id, request.query.root, origin),
        );
      },
    );

    app.get(
      "/locations/:id",
      { schema: { summary: "One location and its path", params: IdParams, response: { 200: LocationLookupSchema } } },
      async (request) => lookUpLocation(ctx, currentUser(request), request.params.id),
    );

    app.patch(
      "/locations/:id",
      {
        schema: {
          summary: "Rename or move a location",
          params: IdParams,
          body: LocationPatchSchema,
          response: { 200: LocationAnswerSchema },
        },
      },
      async (request) => ({
        location: await editLocation(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      "/locations/:id",
      {
        schema: {
          summary: "Delete a location and its children",
          params: IdParams,
          response: { 200: LocationDeleteResultSchema },
        },
      },
      async (request) => removeLocation(ctx, currentUser(request), request.params.id),
    );
  };
}

/**
 * The stages of a tree read as a Server-Timing header (`project;dur=1.2, counts;dur=15.0, …`), so
 * bench:locations (and a browser's network panel) can tell where a slow read went (decision 0092).
 */
function serverTiming(timings: TreeTimings): string {
  return Object.entries(timings)
    .map(([stage, ms]) => `${stage};dur=${ms.toFixed(2)}`)
    .join(", ");
}
