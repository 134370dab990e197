import { setTimeout as sleep } from "node:timers/promises";
import { LoginResponseSchema } from "@sitesnag/shared/mfa";
import {
  FORGOT_PASSWORD_SENT,
  ForgotPasswordSchema,
  ResetLinkSchema,
  ResetPasswordSchema,
} from "@sitesnag/shared/password-reset";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { normaliseEmail } from "../auth/auth.service";
import type { AppContext } from "../context";
import { clientInfo } from "../security-log/client-info";
import { checkResetLink, requestPasswordReset, resetPassword } from "./password-reset.service";

/** Links mailed to one address per hour; more requests answer the same sentence and send nothing. */
const LINKS_PER_ADDRESS_PER_HOUR = 3;
/**
 * The answer to a forgotten password goes out this long after the request came in, whatever was
 * done: making and queueing a link took ~7 ms, finding no account ~4 ms, so the time told whether
 * an address has an account (issue 34). The work takes a few milliseconds, far below this floor;
 * the per-IP budget bounds how many samples anyone gets.
 */
const FORGOT_PASSWORD_ANSWER_MS = 100;

export function passwordResetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    // Per IP: the usual sign-in budget, over a quarter of an hour (each request may send a mail).
    const perIp = { max: ctx.config.authRateLimit, timeWindow: "15 minutes" };
    const perAddress = app.createRateLimit({
      max: LINKS_PER_ADDRESS_PER_HOUR,
      timeWindow: "1 hour",
      keyGenerator: (request) => `forgot:${normaliseEmail((request.body as { email: string }).email)}`,
    });

    app.post(
      "/forgot-password",
      {
        schema: {
          summary: "Mail a password reset link (the same answer whether or not the address has an account)",
          body: ForgotPasswordSchema,
        },
        config: { rateLimit: perIp, answers: { 202: z.object({ message: z.string() }) } },
      },
      async (request, reply) => {
        const started = performance.now();
        const limit = await perAddress(request);
        if (limit.isAllowed || !limit.isExceeded) {
          await requestPasswordReset(ctx, request.body.email);
        } else {
          request.log.info("password reset link not sent: this address had its hourly share");
        }
        const early = FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started);
        if (early > 0) await sleep(early);
        return reply.status(202).send({ message: FORGOT_PASSWORD_SENT });
      },
    );

    // The page asks first, so a used or expired link says so before a new password is typed.
    app.post(
      "/reset-password/check",
      {
        schema: { summary: "Whether a reset link still works, and for which address", body: ResetLinkSchema },
        config: { rateLimit: perIp, answers: { 200: z.object({ email: z.string() }) } },
      },
      async (request) => checkResetLink(ctx, request.body.token),
    );

    app.post(
      "/reset-password",
      {
        schema: {
          summary: "Set a new password with a reset link, signed in (or the second step)",
          body: ResetPasswordSchema,
        },
        config: { rateLimit: perIp, answers: { 200: LoginResponseSchema } },
      },
      async (request) => resetPassword(ctx, request.body.token, request.body.password, clientInfo(request)),
    );
  };
}
