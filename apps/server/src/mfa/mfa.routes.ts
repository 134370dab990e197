// Under /api/auth/mfa (signed in): the account's second factor. The setup routes stay open to a
// session that must set a factor up before anything else (config.mfaSetupAllowed, auth.guard.ts).
// POST /api/auth/mfa/verify, the sign-in step, lives with /login in auth.routes.ts.
import { FreshFactorSchema, MfaCodeBodySchema } from "@sitesnag/shared/mfa";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { clientInfo } from "../security-log/client-info";
import {
  confirmTotp,
  disableTotp,
  mfaStatus,
  regenerateRecoveryCodes,
  startTotpSetup,
  totpQrSvg,
} from "./mfa-setup.service";

const setup = { mfaSetupAllowed: true };

export function mfaRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get("/", { config: setup }, async (request) => mfaStatus(ctx, currentUser(request)));

    app.post("/totp", { config: setup }, async (request) => startTotpSetup(ctx, currentUser(request)));

    app.get("/totp/qr", { config: setup }, async (request, reply) =>
      reply.type("image/svg+xml").send(await totpQrSvg(ctx, currentUser(request))),
    );

    app.post("/totp/confirm", { config: setup, schema: { body: MfaCodeBodySchema } }, async (request) =>
      confirmTotp(ctx, currentUser(request), request.body.code, clientInfo(request)),
    );

    app.post("/totp/disable", { schema: { body: MfaCodeBodySchema } }, async (request, reply) => {
      await disableTotp(ctx, currentUser(request), request.body.code, clientInfo(request));
      return reply.status(204).send();
    });

    // Confirmed by a code or, for an account with passkeys, a passkey's answer.
    app.post("/recovery-codes", { schema: { body: FreshFactorSchema } }, async (request) =>
      regenerateRecoveryCodes(ctx, currentUser(request), request.body, clientInfo(request)),
    );
  };
}
