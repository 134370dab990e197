import { LoginSchema, RefreshSchema, RegisterSchema } from "@sitesnag/shared/auth";
import { DEMO_EMAIL } from "@sitesnag/shared/demo";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context";
import { isDemoCredentials, startDemo } from "../demo/demo.service";
import { AppError, TOO_MANY_ATTEMPTS } from "../http/errors";
import { login, register } from "./auth.service";
import { logout, refresh } from "./token-rotation";

const PER_ACCOUNT_LIMIT = 10;

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };
    // A second limit keyed by the account, so one address cannot be hammered from many IPs. It is
    // applied by hand: a limiter made with app.rateLimit() skips any request the route's per-IP
    // limiter has already counted, so it would never fire.
    const accountLimit = app.createRateLimit({
      max: Math.max(PER_ACCOUNT_LIMIT, Math.ceil(ctx.config.authRateLimit / 2)),
      timeWindow: "1 minute",
      keyGenerator: (request) => {
        const body = request.body as { email?: unknown } | null | undefined;
        return `account:${typeof body?.email === "string" ? body.email.trim().toLowerCase() : request.ip}`;
      },
    });
    const perAccount = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // The demo credentials are public and open a fresh sandbox each time: keying them as one
      // account would let ten visitors a minute lock out everyone else. The per-IP limit still applies.
      const email = (request.body as { email?: unknown } | null | undefined)?.email;
      if (typeof email === "string" && email.trim().toLowerCase() === DEMO_EMAIL) return;
      const limit = await accountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header("retry-after", limit.ttlInSeconds);
        throw new AppError(429, TOO_MANY_ATTEMPTS);
      }
    };

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
      // Fastify hands a body-less request to the validator as null, hence nullish rather than optional.
      { schema: { body: z.object({ refreshToken: z.string().max(2048).optional() }).nullish() } },
      async (request, reply) => {
        if (request.body?.refreshToken) await logout(ctx, request.body.refreshToken);
        return reply.status(204).send();
      },
    );
  };
}
