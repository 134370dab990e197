// Insight (issue 37): the overview figures of the caller's workspace, or of one of its projects.
import { OverviewQuerySchema, OverviewSchema } from "@sitesnag/shared/analytics";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { getOverview } from "./analytics.service";

export function analyticsRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before the query is validated.
    app.addHook("onRequest", authenticate);

    app.get(
      "/overview",
      {
        schema: {
          summary: "The overview's figures (status, trades, locations, trends) for a filter",
          querystring: OverviewQuerySchema,
          response: { 200: OverviewSchema },
        },
      },
      async (request) => getOverview(ctx, currentUser(request), request.query),
    );
  };
}
