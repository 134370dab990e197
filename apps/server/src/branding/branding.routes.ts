import multipart from "@fastify/multipart";
import { BrandingAnswerSchema, BrandingInputSchema, LOGO_TYPES, MAX_LOGO_BYTES } from "@sitesnag/shared/branding";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { AppError, badRequest } from "../http/errors";
import { fileField } from "../http/openapi";
import { getBranding, removeLogo, updateBranding, uploadLogo } from "./branding.service";

/**
 * Logo uploads per workspace per minute, per instance (shared through Redis when configured): each
 * one starts a render process (decision 0046), so a script cannot keep the renderer full.
 */
export const LOGO_UPLOADS_PER_MINUTE = 20;

/** Under /api/workspace: the company branding every PDF carries. */
export function brandingRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);
    await app.register(multipart, { throwFileSizeLimit: true });

    const answers = { 200: BrandingAnswerSchema };
    app.get("/branding", { schema: { summary: "The workspace's branding" }, config: { answers } }, async (request) => ({
      branding: await getBranding(ctx, currentUser(request)),
    }));

    app.put(
      "/branding",
      {
        schema: { summary: "Set the company name and colour on PDFs", body: BrandingInputSchema },
        config: { answers },
      },
      async (request) => ({
        branding: await updateBranding(ctx, currentUser(request), request.body),
      }),
    );

    // Multipart with one file part named `logo`. The limit's hook runs after the guard's (route
    // hooks follow the plugin's), so the workspace is known.
    const perWorkspace = {
      max: LOGO_UPLOADS_PER_MINUTE,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => `logo:${request.currentUser?.workspace_id ?? request.ip}`,
    };
    app.put(
      "/branding/logo",
      {
        schema: { summary: "Upload the logo (multipart `logo`)" },
        config: {
          rateLimit: perWorkspace,
          answers,
          requestBody: {
            description: `The logo as one file part named \`logo\` (at most ${MAX_LOGO_BYTES / 1024 / 1024} MB)`,
            content: { "multipart/form-data": z.object({ logo: fileField("The logo image", LOGO_TYPES.join(", ")) }) },
          },
        },
      },
      async (request) => ({
        branding: await uploadLogo(ctx, currentUser(request), async () => {
          if (!request.isMultipart()) throw badRequest("Send the logo as a file named 'logo' (multipart form data).");
          try {
            const part = await request.file({ limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5 } });
            if (part?.fieldname !== "logo") throw badRequest("Send the logo as a file named 'logo'.");
            return await part.toBuffer();
          } catch (err) {
            if (err instanceof AppError) throw err;
            if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
              throw new AppError(413, "The logo must be at most 1 MB.");
            }
            throw badRequest("The upload could not be read: the form data is malformed or incomplete.");
          }
        }),
      }),
    );

    app.delete("/branding/logo", { schema: { summary: "Remove the logo" }, config: { answers } }, async (request) => ({
      branding: await removeLogo(ctx, currentUser(request)),
    }));
  };
}
