import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard, requireAdmin } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { getAdminStats, getSystemSettings, requireAdminUser } from "./admin.service";
import { usersCsv } from "./users-csv";

export function adminRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // Every admin route: a valid token (401), then the admin role (403), before anything else.
    app.addHook("onRequest", authenticate);
    app.addHook("onRequest", requireAdmin);

    app.get("/stats", async (request) => ({ stats: await getAdminStats(ctx, currentUser(request)) }));

    app.get("/settings", async (request) => ({ settings: await getSystemSettings(ctx, currentUser(request)) }));

    app.get("/export/users.csv", async (request, reply) => {
      requireAdminUser(currentUser(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="sitesnag-users-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(usersCsv(ctx)));
    });
  };
}
