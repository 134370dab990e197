import { TrashListSchema, TrashRestoredSchema } from "@sitesnag/shared/trash";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { listTrash, purgeTrashItem, restoreTrashItem } from "./trash.service";

const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

export function trashRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    // `{items}`: the workspace's deleted projects and reports, most recent first.
    app.get(
      "/",
      { schema: { summary: "The workspace's deleted projects and reports", response: { 200: TrashListSchema } } },
      async (request) => listTrash(ctx, currentUser(request)),
    );

    // `{restored: {kind, id}}`: the project or report is back, with the same id.
    app.post(
      "/:id/restore",
      {
        schema: { summary: "Restore a project or report", params: IdParams },
        config: { answers: { 200: TrashRestoredSchema } },
      },
      async (request) => ({
        restored: await restoreTrashItem(ctx, currentUser(request), request.params.id),
      }),
    );

    // 204: deleted for good now, rows and files, its storage released (the owner only).
    app.delete(
      "/:id",
      { schema: { summary: "Delete for good (owners)", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await purgeTrashItem(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
