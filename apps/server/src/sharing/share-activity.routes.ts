import { type ShareEvent, ShareEventListSchema } from "@sitesnag/shared/sharing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { requireReport } from "../snagging/snagging.access";
import { findReportShareEvents } from "./share-events.repository";

const IdParams = z.object({ id: z.string().max(200) });

/** What happened to a report through share links, newest first (workspace first: else 404). */
export async function listReportShareEvents(ctx: AppContext, user: UserRow, id: string): Promise<ShareEvent[]> {
  await requireReport(ctx, user, id);
  return (await findReportShareEvents(ctx.db, user.workspace_id, id)).map((row) => ({
    id: row.id,
    kind: row.kind,
    linkName: row.link_name,
    note: row.note,
    at: Number(row.created_at),
  }));
}

/** Under /api/snagging: GET /{id}/link-activity. */
export function shareActivityRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    app.get(
      "/:id/link-activity",
      {
        schema: { summary: "What happened to a report through share links", params: IdParams },
        config: { answers: { 200: ShareEventListSchema } },
      },
      async (request) => ({
        events: await listReportShareEvents(ctx, currentUser(request), request.params.id),
      }),
    );
  };
}
