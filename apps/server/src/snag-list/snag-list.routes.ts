import { SnagListQuerySchema } from "@sitesnag/shared/snag-list";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
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
        // The account's PDF place is held until the last byte is sent (or the client leaves).
        const release = pdfsInFlight(ctx).hold(user.id);
        try {
          const { stream, fileName } = await openSnagListPdf(
            ctx,
            user,
            request.params.id,
            request.query,
            downloadLocale(request),
          );
          stream.once("close", release);
          return reply
            .type("application/pdf")
            .header("Content-Disposition", `attachment; filename="${fileName}"`)
            .header("Cache-Control", "no-store")
            .send(stream);
        } catch (error) {
          release();
          throw error;
        }
      },
    );
  };
}
