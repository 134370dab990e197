import {
  AuthResponseSchema,
  LoginSchema,
  LogoutSchema,
  RefreshSchema,
  RegisterSchema,
  TokenPairSchema,
} from "@sitesnag/shared/auth";
import {
  isMfaChallenge,
  LoginResponseSchema,
  MfaVerifySchema,
  PasskeyOptionsAnswerSchema,
  PasskeyOptionsSchema,
  PasskeySignInSchema,
} from "@sitesnag/shared/mfa";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { isDemoCredentials, startDemo } from "../demo/demo.service";
import { AppError, TOO_MANY_ATTEMPTS } from "../http/errors";
import { NO_CONTENT } from "../http/openapi";
import { requestLocale } from "../i18n/request-locale";
import { stepAccount, verifyMfaStep } from "../mfa/mfa-sign-in";
import {
  passkeyAccount,
  secondFactorOptions,
  signInOptions,
  verifyPasskeySignIn,
  verifyPasskeyStep,
} from "../mfa/passkeys";
import { clientInfo } from "../security-log/client-info";
import type { SheetServices } from "../sheets/sheets.service";
import { bearerToken } from "./auth.guard";
import { checkPassword, normaliseEmail, register } from "./auth.service";
import { afterPassword, openSession } from "./sign-in";
import { SignInThrottle } from "./sign-in-throttle";
import { logout, logoutByAccessToken, refresh } from "./token-rotation";

const REGISTRATIONS_PER_EMAIL = 10;

export function authRoutes(ctx: AppContext, sheets?: SheetServices): FastifyPluginAsyncZod {
  return async (app) => {
    // Every answer here can carry tokens: never stored by a browser or a proxy.
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    const perIp = { max: ctx.config.authRateLimit, timeWindow: "1 minute" };
    const throttle = new SignInThrottle(undefined, ctx.redis);

    // Sign-ups of one address from many IPs. Its own counter: registrations never count against
    // signing in to that address (sign-in-throttle.ts). Applied by hand: a limiter made with
    // app.rateLimit() skips any request the route's per-IP limiter has already counted.
    const registrationLimit = app.createRateLimit({
      max: Math.max(REGISTRATIONS_PER_EMAIL, Math.ceil(ctx.config.authRateLimit / 2)),
      timeWindow: "1 minute",
      keyGenerator: (request) => {
        const body = request.body as { email?: unknown } | null | undefined;
        return `register:${typeof body?.email === "string" ? normaliseEmail(body.email) : request.ip}`;
      },
    });
    const perRegisteredEmail = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const limit = await registrationLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header("retry-after", limit.ttlInSeconds);
        throw new AppError(429, TOO_MANY_ATTEMPTS);
      }
    };

    app.post(
      "/register",
      {
        schema: { summary: "Create an account and its workspace, signed in", body: RegisterSchema },
        config: { rateLimit: perIp, answers: { 201: AuthResponseSchema } },
        preHandler: perRegisteredEmail,
      },
      // A new account reads the language its browser asks for (Accept-Language), until its owner picks one.
      async (request, reply) => reply.status(201).send(await register(ctx, request.body, requestLocale(request))),
    );

    app.post(
      "/login",
      {
        schema: { summary: "Sign in with email and password (or get the second step)", body: LoginSchema },
        config: { rateLimit: perIp, answers: { 200: LoginResponseSchema } },
      },
      async (request) => {
        // The demo credentials are public and open a fresh sandbox each time: nothing to guess.
        if (isDemoCredentials(request.body.email, request.body.password)) return startDemo(ctx, sheets);
        const client = clientInfo(request);
        return throttle.attempt(
          normaliseEmail(request.body.email),
          request.ip,
          async () => afterPassword(ctx, await checkPassword(ctx, request.body, client), client),
          (answer) => !isMfaChallenge(answer),
        );
      },
    );

    // The second step: a right code spends the step token and opens the session, as /login does
    // without a factor. A wrong one is a failed sign-in of that account from this address.
    app.post(
      "/mfa/verify",
      {
        schema: { summary: "Finish a sign-in with a second-factor code", body: MfaVerifySchema },
        config: { rateLimit: perIp, answers: { 200: AuthResponseSchema } },
      },
      async (request) => {
        const client = clientInfo(request);
        const found = await stepAccount(ctx, request.body.mfaToken, client);
        return throttle.attempt(found.user.email, request.ip, async () => {
          const { user, factor } = await verifyMfaStep(ctx, found, request.body.code, client);
          return openSession(ctx, user, client, { method: "password", factor });
        });
      },
    );

    // Passkeys (decision 0077): with the step token, the second step after a password; without,
    // a passwordless sign-in with a discoverable passkey. A refused answer is a failed sign-in of
    // the passkey's account from this address, as a wrong code is.
    app.post(
      "/passkeys/authentication/options",
      {
        schema: { summary: "WebAuthn options for signing in with a passkey", body: PasskeyOptionsSchema },
        config: { rateLimit: perIp, answers: { 200: PasskeyOptionsAnswerSchema } },
      },
      async (request) => {
        const mfaToken = request.body?.mfaToken;
        if (!mfaToken) return signInOptions(ctx);
        return secondFactorOptions(ctx, await stepAccount(ctx, mfaToken, clientInfo(request)));
      },
    );

    app.post(
      "/passkeys/authentication/verify",
      {
        schema: { summary: "Sign in with a passkey", body: PasskeySignInSchema },
        config: { rateLimit: perIp, answers: { 200: AuthResponseSchema } },
      },
      async (request) => {
        const client = clientInfo(request);
        const { mfaToken, response } = request.body;
        if (mfaToken) {
          const found = await stepAccount(ctx, mfaToken, client);
          return throttle.attempt(found.user.email, request.ip, async () => {
            const user = await verifyPasskeyStep(ctx, found, response, client);
            return openSession(ctx, user, client, { method: "password", factor: "passkey" });
          });
        }
        const account = await passkeyAccount(ctx, response);
        return throttle.attempt(account.email, request.ip, async () => {
          const user = await verifyPasskeySignIn(ctx, response, client);
          return openSession(ctx, user, client, { method: "passkey", factor: "passkey" });
        });
      },
    );

    app.post(
      "/demo-login",
      {
        schema: { summary: "Open a fresh demo workspace" },
        config: { rateLimit: perIp, answers: { 200: AuthResponseSchema } },
      },
      async () => startDemo(ctx, sheets),
    );

    app.post(
      "/refresh",
      {
        schema: { summary: "Swap a refresh token for a new token pair", body: RefreshSchema },
        config: { rateLimit: perIp, answers: { 200: TokenPairSchema } },
      },
      async (request) => refresh(ctx, request.body.refreshToken),
    );

    // Ends the session named by the refresh token in the body, by the bearer access token, or both.
    app.post(
      "/logout",
      { schema: { summary: "End this session", body: LogoutSchema }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        if (request.body?.refreshToken) await logout(ctx, request.body.refreshToken);
        const accessToken = bearerToken(request);
        if (accessToken) await logoutByAccessToken(ctx, accessToken);
        return reply.status(204).send();
      },
    );
  };
}
