// GET/POST /api/snagging/{id}/comments and PATCH/DELETE /api/comments/{id} (issue 23).
import multipart from "@fastify/multipart";
import {
  CommentAnswerSchema,
  CommentInputSchema,
  CommentListQuerySchema,
  CommentListSchema,
  MAX_COMMENT_PHOTOS,
} from "@sitesnag/shared/comments";
import { MAX_PHOTOS_PER_REPORT } from "@sitesnag/shared/snagging";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { idempotencyKey } from "../http/idempotency-key";
import { NO_CONTENT } from "../http/openapi";
import { chargeWrites, declaredBytes, oneWrite } from "../quotas/write-limits";
import { photoBytesOf } from "../snagging/snagging.files";
import { readReportRequest, reportRequestBody } from "../snagging/snagging.uploads";
import { addComment, editComment, listComments, removeComment } from "./comments.service";

const IdParams = z.object({ id: z.string().max(200) });

/** Under /api/snagging: a report's comments. */
export function reportCommentRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    await app.register(multipart, { throwFileSizeLimit: true });

    app.get(
      "/:id/comments",
      {
        schema: {
          summary: "A report's comments, a page at a time",
          params: IdParams,
          querystring: CommentListQuerySchema,
        },
        config: { answers: { 200: CommentListSchema } },
      },
      async (request) => listComments(ctx, currentUser(request), request.params.id, request.query),
    );

    // JSON, or multipart with `body`, `mentions` (comma-separated) and up to 5 `images`; the body is
    // read once the report is known to be the caller's. With an Idempotency-Key a resend answers
    // the comment the key made (the offline queue sends a comment whose answer was lost under it).
    app.post(
      "/:id/comments",
      {
        config: {
          firstWrite: oneWrite,
          answers: { 201: CommentAnswerSchema },
          idempotencyKey: { replayed: [201] },
          requestBody: reportRequestBody(
            "The text and whom it mentions; photos by upload hash (JSON) or as `images` parts (multipart, where `mentions` is one comma-separated field)",
            CommentInputSchema.out,
            MAX_COMMENT_PHOTOS,
          ),
        },
        schema: { summary: "Comment on a report (JSON, or multipart with photos)", params: IdParams },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const key = idempotencyKey(request.headers["idempotency-key"]);
        // Charged before the body is read (decision 0019): a refused request costs no photo work.
        const declared = declaredBytes(request);
        await chargeWrites(ctx, user, { items: 1, bytes: declared });
        const { comment, replayed } = await addComment(
          ctx,
          user,
          request.params.id,
          async () => {
            const body = await readReportRequest(request, ctx.photos, MAX_PHOTOS_PER_REPORT);
            if (declared === 0) await chargeWrites(ctx, user, { items: 0, bytes: photoBytesOf(body.photos) });
            return body;
          },
          key ? { key } : undefined,
        );
        if (replayed) reply.header("Idempotent-Replayed", "true");
        return reply.status(201).send({ comment });
      },
    );
  };
}

/** Under /api/comments: one comment, by its author only. */
export function commentRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    // Both honour an Idempotency-Key (decision 0032): the web app queues a change whose answer was
    // lost under the same key, so it is applied once.
    app.patch(
      "/:id",
      {
        config: {
          firstWrite: oneWrite,
          answers: { 200: CommentAnswerSchema },
          idempotencyKey: {},
          requestBody: {
            description: "The new text and whom it mentions",
            content: { "application/json": CommentInputSchema },
          },
        },
        schema: { summary: "Change one's own comment", params: IdParams },
      },
      async (request) => {
        const user = currentUser(request);
        const key = idempotencyKey(request.headers["idempotency-key"]);
        await chargeWrites(ctx, user, { items: 1, bytes: declaredBytes(request) });
        return {
          comment: await editComment(ctx, user, request.params.id, request.body ?? {}, key ? { key } : undefined),
        };
      },
    );

    app.delete(
      "/:id",
      {
        schema: { summary: "Delete one's own comment", params: IdParams },
        config: { answers: NO_CONTENT, idempotencyKey: {} },
      },
      async (request, reply) => {
        const key = idempotencyKey(request.headers["idempotency-key"]);
        await removeComment(ctx, currentUser(request), request.params.id, key ? { key } : undefined);
        return reply.status(204).send();
      },
    );
  };
}
