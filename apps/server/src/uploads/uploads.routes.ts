// PUT and HEAD /api/uploads/{sha256} (DESIGN §4, decision 0025). The body is the photo's raw bytes
// (any Content-Type), read here as a stream: never buffered by Fastify, so a cut connection still
// leaves its received bytes to the service, and no JSON or multipart parser runs on it.
import { ApiErrorSchema } from "@sitesnag/shared/api-error";
import { isSha256, UPLOAD_OFFSET_HEADER, UploadAnswerSchema } from "@sitesnag/shared/uploads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { AppError, badRequest } from "../http/errors";
import { fileField } from "../http/openapi";
import { chargeWrites, declaredBytes } from "../quotas/write-limits";
import { parseContentRange } from "./content-range";
import {
  getUploadState,
  type PutResult,
  putUploadRange,
  putWholeUpload,
  UploadOffsetConflict,
} from "./uploads.service";

const Params = z.object({ sha256: z.string().max(200) });

const requireHash = (sha256: string): string => {
  if (!isSha256(sha256)) {
    throw badRequest("The address must end in the photo's SHA-256: 64 lower-case hex characters.");
  }
  return sha256;
};

const declaredLength = (header: string | undefined): number | undefined =>
  header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : undefined;

export function uploadRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    // The body is the photo itself, whatever its Content-Type says: the handler reads the stream.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null));

    // 200 with Upload-Length when the workspace holds the photo; 404 with Upload-Offset (the bytes
    // of an unfinished upload held, 0 for none) otherwise. Another workspace's hash is unknown here.
    app.head(
      "/:sha256",
      {
        schema: { summary: "Whether the workspace holds a photo, or how much of its upload", params: Params },
        config: {
          // @fastify/swagger leaves HEAD routes out unless asked; this one is not a GET's twin.
          swagger: { exposeHeadRoute: true },
          answers: {
            200: z.null().describe("The workspace holds this photo (its size in Upload-Length)"),
            404: z.null().describe("Not held: Upload-Offset says how many bytes of an unfinished upload are (0: none)"),
          },
          answerHeaders: { 200: ["Upload-Length"], 404: ["Upload-Offset"] },
        },
      },
      async (request, reply) => {
        const sha256 = request.params.sha256;
        const state = isSha256(sha256)
          ? await getUploadState(ctx, currentUser(request), sha256)
          : { stored: false as const, offset: 0 };
        reply.header("Cache-Control", "no-store");
        if (state.stored) return reply.status(200).header("Upload-Length", String(state.sizeBytes)).send();
        return reply.status(404).header(UPLOAD_OFFSET_HEADER, String(state.offset)).send();
      },
    );

    // Without Content-Range: the whole photo (201 stored, 200 already held). With it: the bytes
    // from the held offset (202 with Upload-Offset until the last byte, then 201/200; 409 with
    // Upload-Offset when the range does not start where the server is).
    app.put(
      "/:sha256",
      // The guard refuses a caller this instance has just refused before its user lookup (0037).
      {
        config: {
          firstWrite: (request) => ({ items: 0, bytes: declaredBytes(request) }),
          answers: {
            201: UploadAnswerSchema,
            200: UploadAnswerSchema,
            202: z.object({ offset: z.number().int() }).describe("Bytes held so far; send the rest from here"),
            409: ApiErrorSchema.describe(
              "The Content-Range does not start where the server is: resume from Upload-Offset",
            ),
          },
          answerHeaders: {
            200: ["Upload-Offset"],
            201: ["Upload-Offset"],
            202: ["Upload-Offset"],
            409: ["Upload-Offset"],
          },
          requestBody: {
            description:
              "The photo's bytes as they are (any Content-Type, no Content-Encoding): whole, or the rest from Upload-Offset with Content-Range: bytes <from>-<to>/<size>",
            content: { "application/octet-stream": fileField("The photo's bytes, or a range of them") },
          },
        },
        schema: {
          summary: "Upload a photo's bytes by its SHA-256 (whole, or resumable with Content-Range)",
          params: Params,
        },
      },
      async (request, reply) => {
        const sha256 = requireHash(request.params.sha256);
        if (request.headers["content-encoding"] && request.headers["content-encoding"] !== "identity") {
          throw new AppError(415, "Send the photo's bytes as they are, without Content-Encoding.");
        }
        const user = currentUser(request);
        const range = parseContentRange(request.headers["content-range"]);
        // The fair share of writes (decision 0019): the bytes this request brings, before reading them.
        await chargeWrites(ctx, user, { items: 0, bytes: declaredBytes(request) });
        const body = request.raw as AsyncIterable<Buffer>;
        reply.header("Cache-Control", "no-store");
        let result: PutResult;
        try {
          result = range
            ? await putUploadRange(ctx, user, sha256, range, body)
            : await putWholeUpload(ctx, user, sha256, body, declaredLength(request.headers["content-length"]));
        } catch (err) {
          if (err instanceof UploadOffsetConflict) reply.header(UPLOAD_OFFSET_HEADER, String(err.offset));
          throw err;
        }
        if (result.status === "incomplete") {
          return reply.status(202).header(UPLOAD_OFFSET_HEADER, String(result.offset)).send({ offset: result.offset });
        }
        return reply
          .status(result.status === "created" ? 201 : 200)
          .header(UPLOAD_OFFSET_HEADER, String(result.sizeBytes))
          .send({ upload: { sha256, sizeBytes: result.sizeBytes } });
      },
    );
  };
}
