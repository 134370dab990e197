import multipart from "@fastify/multipart";
import {
  MAX_FIX_PHOTOS,
  SharedReportAnswerSchema,
  ShareFixSchema,
  ShareLinkCreatedSchema,
  ShareLinkCreateSchema,
  ShareLinkListSchema,
  ShareViewSchema,
} from "@sitesnag/shared/sharing";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, type Guard } from "../auth/auth.guard";
import type { AppContext } from "../context";
import { idempotencyKey } from "../http/idempotency-key";
import { fileAnswer, imagesField, NO_CONTENT } from "../http/openapi";
import { readReportRequest } from "../snagging/snagging.uploads";
import { createShareLink, listShareLinks, revokeShareLink } from "./share-links.service";
import type { SharedPhotoFile } from "./share-photos";
import { fixThroughShare, sharedPhoto, sharedPlanImage, viewShare } from "./share-public.service";

const IdParams = z.object({ id: z.string().max(200) });
const TokenParams = z.object({ token: z.string().max(200) });
const FixParams = TokenParams.extend({ reportId: z.string().max(200) });
const PhotoParams = FixParams.extend({ attachmentId: z.string().max(200) });
/** Plan crops: a page of pinned snags asks for one each, so they count apart from the page itself. */
const PLAN_IMAGES_PER_PAGE_VIEW = 5;
/** Photos: a page asks for each snag's thumbnails, so they have a budget of their own too. */
const PHOTOS_PER_PAGE_VIEW = 10;
/**
 * How long the browser may keep a shared photo: short and private, so a revoked or expired link
 * stops showing it soon even where it was already seen (decision 0048), never /files/' year.
 */
const SHARED_PHOTO_CACHE = "private, max-age=300";

/** Under /api, signed in: a project's links (any member of its workspace). */
export function shareLinkRoutes(ctx: AppContext, authenticate: Guard): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", authenticate);

    app.post(
      "/projects/:id/share-links",
      {
        schema: { summary: "Share a set of a project's snags by link", params: IdParams, body: ShareLinkCreateSchema },
        config: { answers: { 201: ShareLinkCreatedSchema } },
      },
      async (request, reply) => {
        const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
        const created = await createShareLink(ctx, currentUser(request), request.params.id, request.body, origin);
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/projects/:id/share-links",
      {
        schema: { summary: "A project's share links", params: IdParams },
        config: { answers: { 200: ShareLinkListSchema } },
      },
      async (request) => ({
        shareLinks: await listShareLinks(ctx, currentUser(request), request.params.id),
      }),
    );

    app.delete(
      "/share-links/:id",
      { schema: { summary: "Revoke a share link", params: IdParams }, config: { answers: NO_CONTENT } },
      async (request, reply) => {
        await revokeShareLink(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}

/** Under /api/share, no session: the person holding a link. Rate limited per client IP. */
export function sharePublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { throwFileSizeLimit: true });
    const perIp = { max: ctx.config.shareRateLimit, timeWindow: "1 minute" };

    app.get(
      "/:token",
      {
        schema: { summary: "The snags a share link shows (no account)", params: TokenParams },
        config: { rateLimit: perIp, answers: { 200: ShareViewSchema } },
      },
      async (request, reply) =>
        reply.header("Cache-Control", "no-store").send(await viewShare(ctx, request.params.token)),
    );

    // The URL carries `?v=` (the report's version and sheet revision): a new one after any change, so
    // the browser may keep this one. Private: it is still behind the link.
    app.get(
      "/:token/reports/:reportId/plan",
      {
        schema: { summary: "A crop of the plan around a shared snag's pin", params: FixParams },
        config: {
          rateLimit: { ...perIp, max: ctx.config.shareRateLimit * PLAN_IMAGES_PER_PAGE_VIEW },
          answers: { 200: fileAnswer("image/jpeg", "The plan crop with the pin") },
        },
      },
      async (request, reply) =>
        reply
          .header("Cache-Control", "private, max-age=86400")
          .type("image/jpeg")
          .send(await sharedPlanImage(ctx, request.params.token, request.params.reportId)),
    );

    // A shared snag's photos, only while the link lives and only the link's reports' own (decision 0048).
    const photoOptions = (summary: string) => ({
      schema: { summary, params: PhotoParams },
      config: {
        rateLimit: { ...perIp, max: ctx.config.shareRateLimit * PHOTOS_PER_PAGE_VIEW },
        answers: { 200: fileAnswer("image/jpeg", "The photo (JPEG or WebP, as stored)") },
      },
    });
    const sendPhoto = (reply: FastifyReply, photo: SharedPhotoFile) =>
      reply
        .header("Cache-Control", SHARED_PHOTO_CACHE)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Length", photo.size)
        .type(photo.contentType)
        .send(photo.stream);
    app.get(
      "/:token/reports/:reportId/photos/:attachmentId",
      photoOptions("A shared snag's photo"),
      async (request, reply) => {
        const { token, reportId, attachmentId } = request.params;
        return sendPhoto(reply, await sharedPhoto(ctx, token, reportId, attachmentId, "display"));
      },
    );
    app.get(
      "/:token/reports/:reportId/photos/:attachmentId/thumbnail",
      photoOptions("A shared snag's photo, small"),
      async (request, reply) => {
        const { token, reportId, attachmentId } = request.params;
        return sendPhoto(reply, await sharedPhoto(ctx, token, reportId, attachmentId, "thumbnail"));
      },
    );

    // With an Idempotency-Key (the share page sends one per fix, the same on every retry) a replay
    // answers the report as it is now, with Idempotent-Replayed, and adds nothing.
    app.post(
      "/:token/reports/:reportId/fix",
      {
        schema: { summary: "Report a shared snag fixed, with photos (multipart)", params: FixParams },
        config: {
          rateLimit: perIp,
          answers: { 200: SharedReportAnswerSchema },
          idempotencyKey: { replayed: [200] },
          requestBody: {
            description: "A note and at least one photo of the fix, as `images` parts",
            content: {
              "multipart/form-data": ShareFixSchema.safeExtend({
                images: imagesField(MAX_FIX_PHOTOS).unwrap().min(1),
              }),
            },
          },
        },
      },
      async (request, reply) => {
        const key = idempotencyKey(request.headers["idempotency-key"]);
        const { report, replayed } = await fixThroughShare(
          ctx,
          request.params.token,
          request.params.reportId,
          (maxPhotos) => readReportRequest(request, ctx.photos, maxPhotos),
          key,
        );
        if (replayed) reply.header("Idempotent-Replayed", "true");
        return reply.send({ report });
      },
    );
  };
}
