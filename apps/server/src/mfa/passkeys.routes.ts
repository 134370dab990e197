// Under /api/auth/passkeys (signed in): registering and removing the account's passkeys. The
// registration routes stay open to a session that must set a factor up first (mfaSetupAllowed).
// The sign-in routes (authentication/options and /verify) live with /login in auth.routes.ts.
import {
  PasskeyOptionsAnswerSchema,
  PasskeyRegisteredSchema,
  PasskeyRegisterSchema,
  PasskeyRemoveSchema,
} from "@sitesnag/shared/mfa";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { clientInfo } from "../security-log/client-info";
import { confirmOptions, registerPasskey, registrationOptions, removePasskey } from "./passkeys";

const setup = { mfaSetupAllowed: true };
const PasskeyIdParams = z.object({ id: z.string({ error: "Passkey not found" }).max(100, "Passkey not found") });

export function passkeyRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/registration/options",
      {
        schema: { summary: "WebAuthn options for adding a passkey" },
        config: { ...setup, answers: { 200: PasskeyOptionsAnswerSchema } },
      },
      async (request) => registrationOptions(ctx, currentUser(request)),
    );

    app.post(
      "/registration/verify",
      {
        config: { ...setup, answers: { 200: PasskeyRegisteredSchema } },
        schema: { summary: "Add a passkey", body: PasskeyRegisterSchema },
      },
      async (request) =>
        registerPasskey(ctx, currentUser(request), request.body.name, request.body.response, clientInfo(request)),
    );

    // A fresh passkey answer to confirm a change (removing a passkey) by an account without a code.
    app.post(
      "/confirm/options",
      {
        schema: { summary: "WebAuthn options for confirming a change with a passkey" },
        config: { answers: { 200: PasskeyOptionsAnswerSchema } },
      },
      async (request) => confirmOptions(ctx, currentUser(request)),
    );

    app.post(
      "/:id/remove",
      {
        schema: { summary: "Remove a passkey", params: PasskeyIdParams, body: PasskeyRemoveSchema },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await removePasskey(ctx, currentUser(request), request.params.id, request.body, clientInfo(request));
        return reply.status(204).send();
      },
    );
  };
}
