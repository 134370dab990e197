import { ApiTokenCreatedSchema, ApiTokenCreateSchema, ApiTokenListSchema } from "@sitesnag/shared/api-tokens";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { clientInfo } from "../security-log/client-info";
import { createApiToken, deleteApiToken, listApiTokens } from "./tokens.service";

const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

/** /api/tokens: the workspace owner's API tokens (issue 38); session only (tokens/token-auth.ts). */
export function tokenRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: {
          summary: "List the workspace's API tokens",
          tags: ["API tokens"],
          response: { 200: ApiTokenListSchema },
        },
      },
      async (request) => ({ tokens: await listApiTokens(ctx, currentUser(request)) }),
    );

    app.post(
      "/",
      {
        schema: {
          summary: "Create an API token (its secret is in this answer only)",
          tags: ["API tokens"],
          body: ApiTokenCreateSchema,
          response: { 201: ApiTokenCreatedSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createApiToken(ctx, currentUser(request), request.body, clientInfo(request))),
    );

    app.delete(
      "/:id",
      {
        schema: { summary: "Revoke an API token", tags: ["API tokens"], params: IdParams },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await deleteApiToken(ctx, currentUser(request), request.params.id, clientInfo(request));
        return reply.status(204).send();
      },
    );
  };
}
