import { SecurityLogPageSchema, SecurityLogQuerySchema } from "@sitesnag/shared/security-log";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { fileAnswer } from "../http/openapi";
import { exportSecurityLog, listSecurityLog } from "./security-log.service";

export function securityLogRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: { summary: "The security log, a page at a time", querystring: SecurityLogQuerySchema },
        config: { answers: { 200: SecurityLogPageSchema } },
      },
      async (request, reply) =>
        reply.header("cache-control", "no-store").send(await listSecurityLog(ctx, currentUser(request), request.query)),
    );

    app.get(
      "/export",
      {
        schema: { summary: "The security log as CSV", querystring: SecurityLogQuerySchema },
        config: { answers: { 200: fileAnswer("text/csv", "The security log's entries as CSV") } },
      },
      async (request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", 'attachment; filename="security-log.csv"')
          .header("cache-control", "no-store")
          .send(await exportSecurityLog(ctx, currentUser(request), request.query)),
    );
  };
}
