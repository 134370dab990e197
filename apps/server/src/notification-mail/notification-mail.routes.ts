import { MailPreferencesSchema, UnsubscribedSchema, UnsubscribeSchema } from "@sitesnag/shared/notification-mail";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { requestLocale } from "../i18n/request-locale";
import { getMailPreferences, setMailPreferences, unsubscribe } from "./notification-mail.service";

const UnsubscribeQuery = z.object({ token: z.string().max(300).optional() });

export function notificationMailRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/preferences",
      {
        onRequest: authenticate,
        schema: { summary: "Which notifications the caller gets by email" },
        config: { answers: { 200: MailPreferencesSchema } },
      },
      async (request) => getMailPreferences(ctx, currentUser(request).id),
    );

    app.put(
      "/preferences",
      {
        onRequest: authenticate,
        schema: { summary: "Choose which notifications come by email", body: MailPreferencesSchema },
        config: { answers: { 200: MailPreferencesSchema } },
      },
      async (request) => setMailPreferences(ctx, currentUser(request), request.body),
    );

    // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" as a form to the URL in
    // the List-Unsubscribe header, the token in its query. The /unsubscribe page posts JSON {token}.
    // No sign-in either way: the signed token is the permission.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post(
      "/unsubscribe",
      {
        schema: { summary: "Stop one kind of email with the link's token (no account)", querystring: UnsubscribeQuery },
        config: {
          rateLimit: { max: ctx.config.authRateLimit, timeWindow: "1 minute" },
          answers: { 200: UnsubscribedSchema },
          // The token comes in the query (the link) or in a JSON body; neither is required over the other.
          requestBody: {
            description: "The link's token, when not in the query",
            required: false,
            content: { "application/json": UnsubscribeSchema },
          },
        },
      },
      async (request) => {
        const body = (request.body ?? {}) as { token?: unknown };
        const { token } = UnsubscribeSchema.parse({ token: request.query.token ?? body.token });
        return unsubscribe(ctx, token, requestLocale(request));
      },
    );
  };
}
