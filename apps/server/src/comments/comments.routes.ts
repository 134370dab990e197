// GET/POST /api/snagging/{id}/comments and PATCH/DELETE /api/comments/{id} (issue 23).
import multipart from "@fastify/multipart";
import { CommentListQuerySchema } from "@sitesnag/shared/comments";
import { MAX_PHOTOS_PER_REPORT } from "@sitesnag/shared/snagging";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { readReportRequest } from "../snagging/snagging.uploads";
import { addComment, editComment, listComments, removeComment } from "./comments.service";

const IdParams = z.object({ id: z.string().max(200) });

/** Under /api/snagging: a report's comments. */
export function reportCommentRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    await app.register(multipart, { throwFileSizeLimit: true });

    app.get("/:id/comments", { schema: { params: IdParams, querystring: CommentListQuerySchema } }, async (request) =>
      listComments(ctx, currentUser(request), request.params.id, request.query),
    );

    // JSON, or multipart with `body`, `mentions` (comma-separated) and up to 5 `images`; the body is
    // read once the report is known to be the caller's.
    app.post("/:id/comments", { schema: { params: IdParams } }, async (request, reply) => {
      const comment = await addComment(ctx, currentUser(request), request.params.id, () =>
        readReportRequest(request, ctx.photos, MAX_PHOTOS_PER_REPORT),
      );
      return reply.status(201).send({ comment });
    });
  };
}

/** Under /api/comments: one comment, by its author only. */
export function commentRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.patch("/:id", { schema: { params: IdParams } }, async (request) => ({
      comment: await editComment(ctx, currentUser(request), request.params.id, request.body ?? {}),
    }));

    app.delete("/:id", { schema: { params: IdParams } }, async (request, reply) => {
      await removeComment(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
