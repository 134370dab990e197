import { ReportListQuerySchema } from "@sitesnag/shared/snagging";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { listReports } from "./snagging.service";

export function snaggingRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);

    app.get("/", { schema: { querystring: ReportListQuerySchema } }, async (request) => ({
      reports: await listReports(ctx, currentUser(request), request.query),
    }));
  };
}
