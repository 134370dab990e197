import {
  WebhookCreatedSchema,
  WebhookCreateSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryQueuedSchema,
  WebhookListSchema,
  WebhookPatchSchema,
  WebhookSchema,
} from "@sitesnag/shared/webhooks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { clientInfo } from "../security-log/client-info";
import {
  createWebhook,
  editWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  sendTest,
} from "./webhooks.service";

const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });
const DeliveryParams = z.object({
  id: z.string().max(MAX_ID_PARAM_LENGTH),
  deliveryId: z.string().max(MAX_ID_PARAM_LENGTH),
});
const tags = ["Webhooks"];

/** /api/webhooks: the workspace owner's endpoints (issue 38); session only (tokens/token-auth.ts). */
export function webhookRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      { schema: { summary: "List the workspace's webhooks", tags, response: { 200: WebhookListSchema } } },
      async (request) => ({ webhooks: await listWebhooks(ctx, currentUser(request)) }),
    );

    app.post(
      "/",
      {
        schema: {
          summary: "Create a webhook (its signing secret is in this answer only)",
          tags,
          body: WebhookCreateSchema,
          response: { 201: WebhookCreatedSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createWebhook(ctx, currentUser(request), request.body, clientInfo(request))),
    );

    app.patch(
      "/:id",
      {
        schema: {
          summary: "Change a webhook's URL or events, or switch it on or off",
          tags,
          params: IdParams,
          body: WebhookPatchSchema,
          response: { 200: WebhookSchema },
        },
      },
      async (request) => editWebhook(ctx, currentUser(request), request.params.id, request.body),
    );

    app.delete(
      "/:id",
      { schema: { summary: "Delete a webhook", tags, params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await removeWebhook(ctx, currentUser(request), request.params.id, clientInfo(request));
        return reply.status(204).send();
      },
    );

    app.get(
      "/:id/deliveries",
      {
        schema: {
          summary: "A webhook's latest deliveries, each with its attempts",
          tags,
          params: IdParams,
          response: { 200: WebhookDeliveryListSchema },
        },
      },
      async (request) => ({ deliveries: await listDeliveries(ctx, currentUser(request), request.params.id) }),
    );

    app.post(
      "/:id/deliveries/:deliveryId/redeliver",
      {
        schema: {
          summary: "Send a delivery again (same body and webhook-id)",
          tags,
          params: DeliveryParams,
          response: { 202: WebhookDeliveryQueuedSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          delivery: await redeliver(ctx, currentUser(request), request.params.id, request.params.deliveryId),
        }),
    );

    app.post(
      "/:id/test",
      {
        schema: {
          summary: "Send a webhook.test delivery to the endpoint",
          tags,
          params: IdParams,
          response: { 202: WebhookDeliveryQueuedSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ delivery: await sendTest(ctx, currentUser(request), request.params.id) }),
    );
  };
}
