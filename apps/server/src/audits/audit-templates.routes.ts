import {
  AuditTemplateApiSchema,
  AuditTemplateListSchema,
  TemplateCreateSchema,
  TemplateImportSchema,
  TemplateListQuerySchema,
  TemplatePatchSchema,
} from "@sitesnag/shared/audit-templates";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { MAX_ID_PARAM_LENGTH } from "../ids";
import {
  archiveTemplate,
  createTemplate,
  getTemplate,
  importTemplate,
  listTemplates,
  patchTemplate,
} from "./audit-templates.service";

const IdParams = z.object({ id: z.string().max(MAX_ID_PARAM_LENGTH) });
/** A CSV file of at most 512 KB, as JSON text (escaping can double it). */
const MAX_IMPORT_BYTES = 1200 * 1024;
// What these routes answer, for the OpenAPI document only (http/openapi.ts).
const OneTemplate = z.object({ template: AuditTemplateApiSchema });

/** /api/audit-templates (decision 0028): members read, owners change. */
export function auditTemplateRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.get(
      "/",
      {
        schema: {
          summary: "The workspace's audit templates",
          querystring: TemplateListQuerySchema,
          response: { 200: AuditTemplateListSchema },
        },
      },
      async (request) => listTemplates(ctx, currentUser(request), request.query.archived === "true"),
    );

    app.post(
      "/",
      {
        schema: { summary: "Create an audit template (200 when the same one exists)", body: TemplateCreateSchema },
        config: { answers: { 201: OneTemplate, 200: OneTemplate } },
      },
      async (request, reply) => {
        const { template, created } = await createTemplate(ctx, currentUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ template });
      },
    );

    // A static segment: matched before /:id.
    app.post(
      "/import",
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: { summary: "Create an audit template from a CSV file's text", body: TemplateImportSchema },
        config: { answers: { 201: OneTemplate, 200: OneTemplate } },
      },
      async (request, reply) => {
        const { template, created } = await importTemplate(ctx, currentUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ template });
      },
    );

    app.get(
      "/:id",
      { schema: { summary: "One audit template", params: IdParams }, config: { answers: { 200: OneTemplate } } },
      async (request) => ({
        template: await getTemplate(ctx, currentUser(request), request.params.id),
      }),
    );

    app.patch(
      "/:id",
      {
        schema: { summary: "Change an audit template (a new version)", params: IdParams, body: TemplatePatchSchema },
        config: { answers: { 200: OneTemplate } },
      },
      async (request) => ({
        template: await patchTemplate(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      "/:id/archive",
      { schema: { summary: "Archive an audit template", params: IdParams }, config: { answers: { 200: OneTemplate } } },
      async (request) => ({
        template: await archiveTemplate(ctx, currentUser(request), request.params.id),
      }),
    );
  };
}
