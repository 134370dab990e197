import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { BcfExportQuerySchema, BcfImportResultSchema, MAX_BCF_UPLOAD_BYTES } from "@sitesnag/shared/bcf";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { fileAnswer } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { chargeWrites, oneWrite } from "../quotas/write-limits";
import { exportBcf } from "./bcf.export";
import { importBcf } from "./bcf.import";
import { BcfUploadBody, readBcfUpload } from "./bcf.upload";

const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

/** Under /api/projects: GET and POST /{id}/bcf (BCF 2.1 and 3.0 for BIM tools, docs/bcf.md). */
export function bcfRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);
    await app.register(multipart, { throwFileSizeLimit: true });

    app.get(
      "/:id/bcf",
      {
        schema: {
          summary: "Export the project's snags as a BCF archive (.bcfzip), all or the list's filters",
          tags: ["BCF"],
          params: IdParams,
          querystring: BcfExportQuerySchema,
        },
        config: {
          answers: {
            200: fileAnswer(
              "application/octet-stream",
              "The BCF archive (.bcfzip, a zip), sent as an attachment named after the project and version",
            ),
          },
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exportBcf(ctx, currentUser(request), request.params.id, request.query);
        return reply
          .type("application/octet-stream")
          .header("Content-Disposition", `attachment; filename="${fileName}"`)
          .header("Cache-Control", "no-store")
          .send(Readable.from(stream));
      },
    );

    app.post(
      "/:id/bcf",
      {
        bodyLimit: MAX_BCF_UPLOAD_BYTES + 64 * 1024,
        schema: {
          summary: "Import a BCF archive (.bcfzip, multipart field `file`): topics become snags, again by GUID",
          tags: ["BCF"],
          params: IdParams,
        },
        config: { firstWrite: oneWrite, answers: { 200: BcfImportResultSchema }, requestBody: BcfUploadBody },
      },
      async (request) => {
        const user = currentUser(request);
        await chargeWrites(ctx, user, oneWrite(request));
        return importBcf(ctx, user, request.params.id, () => readBcfUpload(request));
      },
    );
  };
}
