import { NotificationListQuerySchema, NotificationListSchema } from "@sitesnag/shared/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { listNotifications, readAllNotifications, readNotification } from "./notifications.service";

const IdParams = z.object({ id: z.string().max(200) });

export function notificationRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: { summary: "The caller's notifications, a page at a time", querystring: NotificationListQuerySchema },
        config: { answers: { 200: NotificationListSchema } },
      },
      async (request) => listNotifications(ctx, currentUser(request), request.query),
    );

    app.post(
      "/read-all",
      { schema: { summary: "Mark every notification read" }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await readAllNotifications(ctx, currentUser(request));
        return reply.status(204).send();
      },
    );

    app.post(
      "/:id/read",
      { schema: { summary: "Mark one notification read", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await readNotification(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
