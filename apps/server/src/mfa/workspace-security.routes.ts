import { WorkspaceSecuritySchema } from "@sitesnag/shared/mfa";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { clientInfo } from "../security-log/client-info";
import { getWorkspaceSecurity, setWorkspaceSecurity } from "./workspace-security";

/** Under /api/workspace: the "require two-factor" policy (owners change it; members may read it). */
export function workspaceSecurityRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/security",
      {
        schema: { summary: "Whether the workspace requires a second factor" },
        config: { answers: { 200: WorkspaceSecuritySchema } },
      },
      async (request) => getWorkspaceSecurity(ctx, currentUser(request)),
    );

    app.put(
      "/security",
      {
        schema: { summary: "Require a second factor of every member, or not", body: WorkspaceSecuritySchema },
        config: { answers: { 200: WorkspaceSecuritySchema } },
      },
      async (request) => setWorkspaceSecurity(ctx, currentUser(request), request.body, clientInfo(request)),
    );
  };
}
