// Single sign-on routes (decision 0078).
// - Under /api/auth/sso (no session): start a sign-in by email, finish it with the provider's answer.
// - Under /api/workspace/sso (owners): the workspace's identity provider settings.
import { AuthResponseSchema } from "@sitesnag/shared/auth";
import {
  SsoCallbackSchema,
  SsoSettingsInputSchema,
  SsoSettingsSchema,
  SsoStartAnswerSchema,
  SsoStartSchema,
} from "@sitesnag/shared/sso";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { clientInfo } from "../security-log/client-info";
import { deleteSsoSettings, getSsoSettings, setSsoSettings } from "./sso-settings";
import { finishSsoSignIn, startSsoSignIn } from "./sso-sign-in";

export function ssoSignInRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };

    app.post(
      "/start",
      {
        schema: { summary: "Start a single sign-on by work email", body: SsoStartSchema },
        config: { rateLimit: perIp, answers: { 200: SsoStartAnswerSchema } },
      },
      async (request) => startSsoSignIn(ctx, request.body.email),
    );

    app.post(
      "/callback",
      {
        schema: { summary: "Finish a single sign-on", body: SsoCallbackSchema },
        config: { rateLimit: perIp, answers: { 200: AuthResponseSchema } },
      },
      async (request) => finishSsoSignIn(ctx, request.body, clientInfo(request)),
    );
  };
}

export function ssoSettingsRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/sso",
      {
        schema: { summary: "The workspace's single sign-on settings" },
        config: { answers: { 200: SsoSettingsSchema } },
      },
      async (request) => getSsoSettings(ctx, currentUser(request)),
    );

    app.put(
      "/sso",
      {
        schema: { summary: "Set the workspace's identity provider", body: SsoSettingsInputSchema },
        config: { answers: { 200: SsoSettingsSchema } },
      },
      async (request) => setSsoSettings(ctx, currentUser(request), request.body, clientInfo(request)),
    );

    app.delete(
      "/sso",
      { schema: { summary: "Remove the workspace's identity provider" }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await deleteSsoSettings(ctx, currentUser(request), clientInfo(request));
        return reply.status(204).send();
      },
    );
  };
}
