import { ReportSchema, VerificationSchema } from "@sitesnag/shared/snagging";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { verifyReport } from "./workflow.service";

const IdParams = z.object({ id: z.string().max(200) });

export function workflowRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    // The body is read by the service after the workspace and role checks (404 and 403 before 400).
    app.post(
      "/:id/verification",
      {
        schema: { summary: "Accept or reject a resolved report's fix", params: IdParams },
        config: {
          answers: { 200: z.object({ report: ReportSchema }) },
          requestBody: {
            description: "Accept the fix (closed), or reject it with a reason (open again)",
            content: { "application/json": VerificationSchema },
          },
        },
      },
      async (request) => ({
        report: await verifyReport(ctx, currentUser(request), request.params.id, request.body ?? {}),
      }),
    );
  };
}
