import {
  AcceptInvitationSchema,
  InvitationInputSchema,
  InvitationRegisterSchema,
  TOKEN_PARAM_MAX,
} from "@sitesnag/shared/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  listInvitations,
  listRecentInvitations,
  previewInvitation,
  registerWithInvitation,
  resendInvitation,
} from "./invitations.service";
import { getTeam, removeMember } from "./team.service";

const IdParams = z.object({ id: z.string().max(200) });
const TokenParams = z.object({ token: z.string().max(TOKEN_PARAM_MAX) });

export function teamRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get("/", async (request) => getTeam(ctx, currentUser(request)));

    app.delete("/members/:id", { schema: { params: IdParams } }, async (request, reply) => {
      await removeMember(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    });
  };
}

/** Owners manage invitations; the /token/… routes serve the person holding a link. */
export function invitationRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };

    app.get("/", { onRequest: authenticate }, async (request) => ({
      invitations: await listInvitations(ctx, currentUser(request)),
    }));

    app.post("/", { onRequest: authenticate, schema: { body: InvitationInputSchema } }, async (request, reply) =>
      reply.status(201).send(await createInvitation(ctx, currentUser(request), request.body)),
    );

    app.get("/recent", { onRequest: authenticate }, async (request) => ({
      invitations: await listRecentInvitations(ctx, currentUser(request)),
    }));

    // A new link, mailed again; per IP like the public routes, since each one sends a message.
    app.post(
      "/:id/resend",
      { onRequest: authenticate, schema: { params: IdParams }, config: { rateLimit: perIp } },
      async (request) => resendInvitation(ctx, currentUser(request), request.params.id),
    );

    app.delete("/:id", { onRequest: authenticate, schema: { params: IdParams } }, async (request, reply) => {
      await cancelInvitation(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    });

    app.get("/token/:token", { schema: { params: TokenParams }, config: { rateLimit: perIp } }, async (request) => ({
      invitation: await previewInvitation(ctx, request.params.token),
    }));

    app.post(
      "/token/:token/accept",
      {
        onRequest: authenticate,
        schema: { params: TokenParams, body: AcceptInvitationSchema },
        config: { rateLimit: perIp },
      },
      async (request) => ({
        user: await acceptInvitation(ctx, currentUser(request), request.params.token, request.body.confirmMove),
      }),
    );

    app.post(
      "/token/:token/register",
      { schema: { params: TokenParams, body: InvitationRegisterSchema }, config: { rateLimit: perIp } },
      async (request, reply) =>
        reply.status(201).send(await registerWithInvitation(ctx, request.params.token, request.body)),
    );
  };
}
