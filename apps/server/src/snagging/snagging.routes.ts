import { ReportListQuerySchema } from "@sitesnag/shared/snagging";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { listReports } from "./snagging.service";

export function snaggingRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("preHandler", authenticate);

    app.get("/", { schema: { querystring: ReportListQuerySchema } }, async (request) => ({
      reports: await listReports(ctx, currentUser(request), request.query),
    }));
  };
}
