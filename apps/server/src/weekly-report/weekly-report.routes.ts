import {
  ReportScheduleInputSchema,
  ReportScheduleSchema,
  ReportSendSchema,
  ReportSentSchema,
} from "@sitesnag/shared/weekly-report";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { getReportSchedule, putReportSchedule, sendReportNow } from "./weekly-report.service";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });

/** GET/PUT /api/projects/{id}/report-schedule and POST …/report-schedule/send (issue 37). */
export function weeklyReportRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body is validated.
    app.addHook("onRequest", authenticate);

    app.get(
      "/:id/report-schedule",
      {
        schema: { summary: "A project's weekly report schedule", params: IdParams },
        config: { answers: { 200: ReportScheduleSchema } },
      },
      async (request) => getReportSchedule(ctx, currentUser(request), request.params.id),
    );

    app.put(
      "/:id/report-schedule",
      {
        schema: {
          summary: "Set a project's weekly report schedule",
          params: IdParams,
          body: ReportScheduleInputSchema,
        },
        config: { answers: { 200: ReportScheduleSchema } },
      },
      async (request) => putReportSchedule(ctx, currentUser(request), request.params.id, request.body),
    );

    // Renders the report before answering (a few seconds for a large project): 202 once queued.
    app.post(
      "/:id/report-schedule/send",
      {
        schema: { summary: "Send the weekly report now", params: IdParams, body: ReportSendSchema.optional() },
        config: { answers: { 202: ReportSentSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await sendReportNow(ctx, currentUser(request), request.params.id, request.body ?? {})),
    );
  };
}
