import {
  ProjectInputSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectSchema,
} from "@sitesnag/shared/projects";

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { NO_CONTENT } from "../http/openapi";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import {
  countWorkspaceProjects,
  createProject,
  editProject,
  getProject,
  listProjects,
  removeProject,
} from "./projects.service";

// Any string up to the router's param limit; a non-UUID simply answers 404 in the service.
const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });
// What these routes answer, for the OpenAPI document only (http/openapi.ts).
const OneProject = z.object({ project: ProjectSchema });

export function projectRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a caller without a valid token gets 401 before any body or query is validated.
    app.addHook("onRequest", authenticate);

    // `{projects, nextCursor}`: every project (up to the cap) without `limit`/`cursor`, else one page.
    app.get(
      "/",
      {
        schema: {
          summary: "The workspace's projects (all, or a page)",
          querystring: ProjectListQuerySchema,
          response: { 200: ProjectListSchema },
        },
      },
      async (request) => listProjects(ctx, currentUser(request), request.query),
    );

    // A static segment: find-my-way matches it before /:id. The dashboard's figure.
    app.get(
      "/count",
      {
        schema: { summary: "How many projects the workspace has" },
        config: { answers: { 200: z.object({ count: z.number().int() }) } },
      },
      async (request) => countWorkspaceProjects(ctx, currentUser(request)),
    );

    app.post(
      "/",
      { schema: { summary: "Create a project", body: ProjectInputSchema }, config: { answers: { 201: OneProject } } },
      async (request, reply) =>
        reply.status(201).send({ project: await createProject(ctx, currentUser(request), request.body) }),
    );

    app.get(
      "/:id",
      { schema: { summary: "One project", params: IdParams }, config: { answers: { 200: OneProject } } },
      async (request) => ({
        project: await getProject(ctx, currentUser(request), request.params.id),
      }),
    );

    app.put(
      "/:id",
      {
        schema: { summary: "Change a project", params: IdParams, body: ProjectInputSchema },
        config: { answers: { 200: OneProject } },
      },
      async (request) => ({
        project: await editProject(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.delete(
      "/:id",
      {
        schema: { summary: "Move a project and its reports to the Trash", params: IdParams },
        config: { answers: NO_CONTENT },
      },
      async (request, reply) => {
        await removeProject(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
