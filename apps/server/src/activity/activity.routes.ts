// GET /api/snagging/{id}/activity and /overwrites: read-only. No route updates or deletes history.
import { ActivityQuerySchema } from "@sitesnag/shared/activity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { listActivity, listOverwrites } from "./activity.service";

const IdParams = z.object({ id: z.string().max(200) });

export function activityRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get("/:id/activity", { schema: { params: IdParams, querystring: ActivityQuerySchema } }, async (request) =>
      listActivity(ctx, currentUser(request), request.params.id, request.query),
    );

    app.get("/:id/overwrites", { schema: { params: IdParams } }, async (request) => ({
      overwrites: await listOverwrites(ctx, currentUser(request), request.params.id),
    }));
  };
}
