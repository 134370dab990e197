import { Readable } from "node:stream";
import {
  AdminStatsSchema,
  StorageQuotaInputSchema,
  SystemSettingsSchema,
  WorkspaceStorageSchema,
} from "@sitesnag/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard, requireAdmin } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { fileAnswer } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import { getAdminStats, getSystemSettings, requireAdminUser, setWorkspaceStorageQuota } from "./admin.service";
import { usersCsv } from "./users-csv";

export function adminRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // Every admin route: a valid token (401), then the admin role (403), before anything else.
    app.addHook("onRequest", authenticate);
    app.addHook("onRequest", requireAdmin);

    app.get(
      "/stats",
      {
        schema: { summary: "Figures across every workspace (admins)" },
        config: { answers: { 200: z.object({ stats: AdminStatsSchema }) } },
      },
      async (request) => ({ stats: await getAdminStats(ctx, currentUser(request)) }),
    );

    app.get(
      "/settings",
      {
        schema: { summary: "The server's settings and counts (admins)" },
        config: { answers: { 200: z.object({ settings: SystemSettingsSchema }) } },
      },
      async (request) => ({ settings: await getSystemSettings(ctx, currentUser(request)) }),
    );

    // `{workspace}`: one workspace's storage quota set (a whole number of MB) or back to the default (null).
    app.patch(
      "/workspaces/:id/storage-quota",
      {
        schema: {
          summary: "Set a workspace's storage quota (admins)",
          params: z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) }),
          body: StorageQuotaInputSchema,
        },
        config: { answers: { 200: z.object({ workspace: WorkspaceStorageSchema }) } },
      },
      async (request) => ({
        workspace: await setWorkspaceStorageQuota(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.get(
      "/export/users.csv",
      {
        schema: { summary: "Every user as CSV (admins)" },
        config: { answers: { 200: fileAnswer("text/csv", "Every user (streamed)") } },
      },
      async (request, reply) => {
        requireAdminUser(currentUser(request));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="sitesnag-users-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(Readable.from(usersCsv(ctx)));
      },
    );
  };
}
