// Under /api/auth/mfa (signed in): the account's second factor. The setup routes stay open to a
// session that must set a factor up before anything else (config.mfaSetupAllowed, auth.guard.ts).
// POST /api/auth/mfa/verify, the sign-in step, lives with /login in auth.routes.ts.
import {
  FreshFactorSchema,
  MfaCodeBodySchema,
  MfaStatusSchema,
  RecoveryCodesSchema,
  TotpSetupSchema,
} from "@sitesnag/shared/mfa";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { fileAnswer, NO_CONTENT } from "../http/openapi";
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

    app.get(
      "/",
      { schema: { summary: "The account's second factors" }, config: { ...setup, answers: { 200: MfaStatusSchema } } },
      async (request) => mfaStatus(ctx, currentUser(request)),
    );

    app.post(
      "/totp",
      {
        schema: { summary: "Start setting up an authenticator app" },
        config: { ...setup, answers: { 200: TotpSetupSchema } },
      },
      async (request) => startTotpSetup(ctx, currentUser(request)),
    );

    app.get(
      "/totp/qr",
      {
        schema: { summary: "The authenticator app's QR code" },
        config: { ...setup, answers: { 200: fileAnswer("image/svg+xml", "The QR code as SVG") } },
      },
      async (request, reply) => reply.type("image/svg+xml").send(await totpQrSvg(ctx, currentUser(request))),
    );

    app.post(
      "/totp/confirm",
      {
        config: { ...setup, answers: { 200: RecoveryCodesSchema } },
        schema: { summary: "Confirm the authenticator app with a code", body: MfaCodeBodySchema },
      },
      async (request) => confirmTotp(ctx, currentUser(request), request.body.code, clientInfo(request)),
    );

    app.post(
      "/totp/disable",
      {
        schema: { summary: "Turn the authenticator app off", body: MfaCodeBodySchema },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await disableTotp(ctx, currentUser(request), request.body.code, clientInfo(request));
        return reply.status(204).send();
      },
    );

    // Confirmed by a code or, for an account with passkeys, a passkey's answer.
    app.post(
      "/recovery-codes",
      {
        schema: { summary: "Make new recovery codes", body: FreshFactorSchema },
        config: { answers: { 200: RecoveryCodesSchema } },
      },
      async (request) => regenerateRecoveryCodes(ctx, currentUser(request), request.body, clientInfo(request)),
    );
  };
}
