import { AuthResponseSchema, UserSchema } from "@sitesnag/shared/auth";
import {
  AcceptInvitationSchema,
  CreatedInvitationSchema,
  InvitationInputSchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationRegisterSchema,
  TeamSchema,
  TOKEN_PARAM_MAX,
} from "@sitesnag/shared/team";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
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

    app.get(
      "/",
      { schema: { summary: "The workspace and its members" }, config: { answers: { 200: TeamSchema } } },
      async (request) => getTeam(ctx, currentUser(request)),
    );

    app.delete(
      "/members/:id",
      { schema: { summary: "Remove a member from the workspace", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await removeMember(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

/** Owners manage invitations; the /token/… routes serve the person holding a link. */
export function invitationRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };

    app.get(
      "/",
      {
        onRequest: authenticate,
        schema: { summary: "Pending invitations" },
        config: { answers: { 200: InvitationListSchema } },
      },
      async (request) => ({
        invitations: await listInvitations(ctx, currentUser(request)),
      }),
    );

    app.post(
      "/",
      {
        onRequest: authenticate,
        schema: { summary: "Invite someone by link (and email)", body: InvitationInputSchema },
        config: { answers: { 201: CreatedInvitationSchema } },
      },
      async (request, reply) => reply.status(201).send(await createInvitation(ctx, currentUser(request), request.body)),
    );

    app.get(
      "/recent",
      {
        onRequest: authenticate,
        schema: { summary: "Invitations recently accepted or expired" },
        config: { answers: { 200: InvitationListSchema } },
      },
      async (request) => ({
        invitations: await listRecentInvitations(ctx, currentUser(request)),
      }),
    );

    // A new link, mailed again; per IP like the public routes, since each one sends a message.
    app.post(
      "/:id/resend",
      {
        onRequest: authenticate,
        schema: { summary: "Make a new link for an invitation and mail it again", params: IdParams },
        config: { rateLimit: perIp, answers: { 200: CreatedInvitationSchema } },
      },
      async (request) => resendInvitation(ctx, currentUser(request), request.params.id),
    );

    app.delete(
      "/:id",
      {
        onRequest: authenticate,
        schema: { summary: "Cancel an invitation", params: IdParams },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await cancelInvitation(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      "/token/:token",
      {
        schema: { summary: "What an invitation link is for (no account)", params: TokenParams },
        config: { rateLimit: perIp, answers: { 200: z.object({ invitation: InvitationPreviewSchema }) } },
      },
      async (request) => ({
        invitation: await previewInvitation(ctx, request.params.token),
      }),
    );

    app.post(
      "/token/:token/accept",
      {
        onRequest: authenticate,
        schema: {
          summary: "Join the workspace with a signed-in account",
          params: TokenParams,
          body: AcceptInvitationSchema,
        },
        config: { rateLimit: perIp, answers: { 200: z.object({ user: UserSchema }) } },
      },
      async (request) => ({
        user: await acceptInvitation(ctx, currentUser(request), request.params.token, request.body.confirmMove),
      }),
    );

    app.post(
      "/token/:token/register",
      {
        schema: {
          summary: "Create an account through an invitation",
          params: TokenParams,
          body: InvitationRegisterSchema,
        },
        config: { rateLimit: perIp, answers: { 201: AuthResponseSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await registerWithInvitation(ctx, request.params.token, request.body)),
    );
  };
}
