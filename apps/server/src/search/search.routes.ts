import { SearchQuerySchema, SearchResponseSchema } from "@sitesnag/shared/global-search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { searchWorkspace } from "./search.service";

export function searchRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before the query is validated.
    app.addHook("onRequest", authenticate);

    // `{results}`: the workspace's reports, projects, audits, sheets, contacts and members matching q.
    app.get(
      "/",
      {
        schema: {
          summary: "Search projects, reports, audits and more",
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema },
        },
      },
      async (request) => searchWorkspace(ctx, currentUser(request), request.query),
    );
  };
}
