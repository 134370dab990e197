import { SnagListQuerySchema } from "@sitesnag/shared/snag-list";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { sendHeldPdf } from "../http/held-pdf";
import { fileAnswer } from "../http/openapi";
import { downloadLocale } from "../i18n/request-locale";
import { pdfsInFlight } from "../workers/pdf-limit";
import { openSnagListPdf } from "./snag-list.service";

const IdParams = z.object({ id: z.string().max(200) });

/** Under /api/projects: GET /{id}/snag-list.pdf (streamed). */
export function snagListRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    app.get(
      "/:id/snag-list.pdf",
      {
        schema: { summary: "A project's snag list as PDF", params: IdParams, querystring: SnagListQuerySchema },
        config: { answers: { 200: fileAnswer("application/pdf", "The snag list (streamed)") } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return sendHeldPdf(reply, pdfsInFlight(ctx), user.id, () =>
          openSnagListPdf(ctx, user, request.params.id, request.query, downloadLocale(request)),
        );
      },
    );
  };
}
