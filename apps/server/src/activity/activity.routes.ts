// GET /api/snagging/{id}/activity and /overwrites: read-only. No route updates or deletes history.
import { ActivityListSchema, ActivityQuerySchema, OverwriteListSchema } from "@sitesnag/shared/activity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { listActivity, listOverwrites } from "./activity.service";

const IdParams = z.object({ id: z.string().max(200) });

export function activityRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/:id/activity",
      {
        schema: { summary: "A report's history, a page at a time", params: IdParams, querystring: ActivityQuerySchema },
        config: { answers: { 200: ActivityListSchema } },
      },
      async (request) => listActivity(ctx, currentUser(request), request.params.id, request.query),
    );

    app.get(
      "/:id/overwrites",
      {
        schema: { summary: "The caller's changes to a report that someone else's replaced", params: IdParams },
        config: { answers: { 200: OverwriteListSchema } },
      },
      async (request) => ({
        overwrites: await listOverwrites(ctx, currentUser(request), request.params.id),
      }),
    );
  };
}
