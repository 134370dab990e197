import { UserSchema } from "@sitesnag/shared/auth";
import {
  AdminUserAnswerSchema,
  LocaleUpdateSchema,
  MembershipInputSchema,
  PasswordChangeSchema,
  ProfileInputSchema,
  profileUpdateSchemaFor,
  UserListQuerySchema,
  UserListSchema,
} from "@sitesnag/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentSessionId, currentUser, type Guard, requireAdmin } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { clientInfo } from "../security-log/client-info";
import { presentUser } from "./users.presenter";
import { changePassword, listUsers, updateMembership, updateProfile } from "./users.service";

const IdParams = z.object({ id: z.string().max(200) });
const OneUser = z.object({ user: UserSchema });

export function userRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: { summary: "The workspace's members (admins: every user, paged)", querystring: UserListQuerySchema },
        config: { answers: { 200: UserListSchema } },
      },
      async (request) => listUsers(ctx, currentUser(request), request.query),
    );

    // The caller as every other device last saved them: another device learns a new language here.
    app.get(
      "/me",
      { schema: { summary: "The signed-in account" }, config: { answers: { 200: OneUser } } },
      async (request) => ({ user: presentUser(currentUser(request)) }),
    );

    // Two bodies (shared/users.ts): the profile form's fields, or `{ locale }` alone from the picker.
    app.patch(
      "/:id",
      {
        schema: { summary: "Change one's profile or language (ProfileInput or LocaleUpdate)", params: IdParams },
        config: {
          answers: { 200: OneUser },
          requestBody: {
            description: "`{locale}` alone changes the language; any other body is the whole profile form",
            content: { "application/json": z.union([LocaleUpdateSchema, ProfileInputSchema]) },
          },
        },
      },
      async (request) => ({
        user: await updateProfile(
          ctx,
          currentUser(request),
          request.params.id,
          profileUpdateSchemaFor(request.body).parse(request.body),
        ),
      }),
    );

    app.patch(
      "/:id/password",
      {
        schema: { summary: "Change one's password", params: IdParams, body: PasswordChangeSchema },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await changePassword(
          ctx,
          currentUser(request),
          currentSessionId(request),
          request.params.id,
          request.body,
          clientInfo(request),
        );
        return reply.status(204).send();
      },
    );

    // The admin check runs before the body is validated, so a member learns nothing but 403.
    app.patch(
      "/:id/membership",
      {
        onRequest: requireAdmin,
        schema: { summary: "Change a user's membership (admins)", params: IdParams, body: MembershipInputSchema },
        config: { answers: { 200: AdminUserAnswerSchema } },
      },
      async (request) => ({
        user: await updateMembership(ctx, currentUser(request), request.params.id, request.body),
      }),
    );
  };
}
