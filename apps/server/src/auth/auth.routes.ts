import { LoginSchema, RefreshSchema, RegisterSchema } from "@sitesnag/shared/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context";
import { isDemoCredentials, startDemo } from "../demo/demo.service";
import { login, logout, refresh, register } from "./auth.service";

const PER_ACCOUNT_LIMIT = 10;

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };
    // A second limit keyed by the account, so one address cannot be hammered from many IPs.
    const perAccount = app.rateLimit({
      max: Math.max(PER_ACCOUNT_LIMIT, Math.ceil(ctx.config.authRateLimit / 2)),
      timeWindow: "1 minute",
      keyGenerator: (request) => {
        const body = request.body as { email?: unknown } | undefined;
        return `account:${typeof body?.email === "string" ? body.email.trim().toLowerCase() : request.ip}`;
      },
    });

    app.post(
      "/register",
      { schema: { body: RegisterSchema }, config: { rateLimit: perIp }, preHandler: perAccount },
      async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
    );

    app.post(
      "/login",
      { schema: { body: LoginSchema }, config: { rateLimit: perIp }, preHandler: perAccount },
      async (request) =>
        isDemoCredentials(request.body.email, request.body.password) ? startDemo(ctx) : login(ctx, request.body),
    );

    app.post("/demo-login", { config: { rateLimit: perIp } }, async () => startDemo(ctx));

    app.post("/refresh", { schema: { body: RefreshSchema }, config: { rateLimit: perIp } }, async (request) =>
      refresh(ctx, request.body.refreshToken),
    );

    app.post(
      "/logout",
      { schema: { body: z.object({ refreshToken: z.string().max(2048).optional() }).optional() } },
      async (request, reply) => {
        if (request.body?.refreshToken) await logout(ctx, request.body.refreshToken);
        return reply.status(204).send();
      },
    );
  };
}
