import { TradeCreateSchema, TradeListSchema, TradePatchSchema, TradeSchema } from "@sitesnag/shared/trades";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { createTrade, editTrade, listTrades, removeTrade } from "./trades.service";

// Any string up to the router's param limit; a malformed key simply answers 404 in the service.
const KeyParams = z.object({ key: z.string().max(MAX_ID_PARAM_LENGTH) });
// What these routes answer, for the OpenAPI document only (http/openapi.ts).
const OneTrade = z.object({ trade: TradeSchema });

/** /api/trades: the workspace's trades (issue 36, decision 0052). */
export function tradeRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      { schema: { summary: "The workspace's trades", response: { 200: TradeListSchema } } },
      async (request) => ({
        trades: await listTrades(ctx, currentUser(request)),
      }),
    );

    app.post(
      "/",
      { schema: { summary: "Add a trade", body: TradeCreateSchema }, config: { answers: { 201: OneTrade } } },
      async (request, reply) =>
        reply.status(201).send({ trade: await createTrade(ctx, currentUser(request), request.body) }),
    );

    app.patch(
      "/:key",
      {
        schema: { summary: "Rename a trade", params: KeyParams, body: TradePatchSchema },
        config: { answers: { 200: OneTrade } },
      },
      async (request) => ({
        trade: await editTrade(ctx, currentUser(request), request.params.key, request.body),
      }),
    );

    app.delete(
      "/:key",
      {
        schema: { summary: "Delete a trade no report is filed under", params: KeyParams },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await removeTrade(ctx, currentUser(request), request.params.key);
        return reply.status(204).send();
      },
    );
  };
}
