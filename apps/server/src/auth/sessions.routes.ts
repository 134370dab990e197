// Under /api/auth/sessions (signed in): the person's own sessions, and ending any of them.
import { SessionListSchema } from "@sitesnag/shared/mfa";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { clientInfo } from "../security-log/client-info";
import { currentSessionId, currentUser, type Guard } from "./auth.guard";
import { endOwnSession, listSessions } from "./user-sessions";

const IdParams = z.object({ id: z.string().max(200) });

export function sessionRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      { schema: { summary: "The account's sessions" }, config: { answers: { 200: SessionListSchema } } },
      async (request, reply) =>
        reply
          .header("cache-control", "no-store")
          .send({ sessions: await listSessions(ctx, currentUser(request), currentSessionId(request)) }),
    );

    app.delete(
      "/:id",
      { schema: { summary: "End one of the account's sessions", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await endOwnSession(ctx, currentUser(request), request.params.id, clientInfo(request));
        return reply.status(204).send();
      },
    );
  };
}
