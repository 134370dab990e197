// The Fastify application factory. Tests build it without a port (app.inject) or on port 0;
// main.ts builds it from the environment.
import path from "node:path";
import { fileURLToPath } from "node:url";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { CompiledQuery } from "kysely";
import { z } from "zod";
import { activityRoutes } from "./activity/activity.routes";
import { adminRoutes } from "./admin/admin.routes";
import { analyticsRoutes } from "./analytics/analytics.routes";
import { auditTemplateRoutes } from "./audits/audit-templates.routes";
import { auditRoutes } from "./audits/audits.routes";
import { createAuthenticate } from "./auth/auth.guard";
import { authRoutes } from "./auth/auth.routes";
import { SecretBox } from "./auth/secret-box";
import { SessionStatus } from "./auth/session-status";
import { sessionRoutes } from "./auth/sessions.routes";
import { TokenSigner } from "./auth/tokens";
import { bcfRoutes } from "./bcf/bcf.routes";
import { brandingRoutes } from "./branding/branding.routes";
import { createLogoRenderer, LOGO_RENDER_SECONDS } from "./branding/logo-renderer";
import { commentRoutes, reportCommentRoutes } from "./comments/comments.routes";
import type { Config } from "./config";
import { contactRoutes } from "./contacts/contacts.routes";
import type { AppContext } from "./context";
import type { Db, DbKind } from "./db/database";
import { directRead } from "./db/sqlite";
import { eventRoutes } from "./events/events.routes";
import { LiveHub } from "./events/live-hub";
import { fileRoutes } from "./files/files.routes";
import { registerApiCompression } from "./http/compression";
import { registerErrorHandler } from "./http/error-handler";
import { frameworkErrorHandler, handleClientError } from "./http/framework-errors";
import { registerJsonBodyParser } from "./http/json-body";
import { checkDocumentedAnswers, openApiRoute, registerOpenApi } from "./http/openapi";
import { requestLogSerializers } from "./http/request-log";
import { responseSerializerCompiler } from "./http/response-serializer";
import { inlineScriptHashes, registerSecurityHeaders, securityHeaders } from "./http/security-headers";
import { MAX_ID_PARAM_LENGTH } from "./ids";
import { locationRoutes } from "./locations/locations.routes";
import { MailLimits } from "./mail/mail-limits";
import { Mailer } from "./mail/mailer";
import { mfaRoutes } from "./mfa/mfa.routes";
import { passkeyRoutes } from "./mfa/passkeys.routes";
import { workspaceSecurityRoutes } from "./mfa/workspace-security.routes";
import { notificationMailJob } from "./notification-mail/notification-mail.jobs";
import { notificationMailRoutes } from "./notification-mail/notification-mail.routes";
import { notificationRoutes } from "./notifications/notifications.routes";
import { passwordResetRoutes } from "./password-reset/password-reset.routes";
import { createPhotoProcessor, defaultPhotoWorkers } from "./photos/photo-pool";
import { projectRoutes } from "./projects/projects.routes";
import { WriteLimits } from "./quotas/write-limits";
import { searchRoutes } from "./search/search.routes";
import { scheduleSecurityLogPrune } from "./security-log/security-log.prune";
import { securityLogRoutes } from "./security-log/security-log.routes";
import { sharedRateLimitStore } from "./shared-state/rate-limit-store";
import { connectRedis, type SharedRedis } from "./shared-state/redis";
import { shareActivityRoutes } from "./sharing/share-activity.routes";
import { shareLinkRoutes, sharePublicRoutes } from "./sharing/share-links.routes";
import { createSheetServices, sheetRoutes } from "./sheets/sheets.routes";
import { snagListRoutes } from "./snag-list/snag-list.routes";
import { snaggingRoutes } from "./snagging/snagging.routes";
import { ssoSettingsRoutes, ssoSignInRoutes } from "./sso/sso.routes";
import type { FileStorage } from "./storage/file-storage";
import { invitationRoutes, teamRoutes } from "./team/team.routes";
import { tokenLimiterOptions } from "./tokens/token-auth";
import { tokenRoutes } from "./tokens/tokens.routes";
import { tradeRoutes } from "./trades/trades.routes";
import { trashRoutes } from "./trash/trash.routes";
import { scheduleUploadCollection } from "./uploads/uploads.gc";
import { uploadRoutes } from "./uploads/uploads.routes";
import { userRoutes } from "./users/users.routes";
import { registerWebApp } from "./web/web.routes";
import { WebhookWorker } from "./webhooks/webhook-worker";
import { webhookRoutes } from "./webhooks/webhooks.routes";
import { weeklyReportJob } from "./weekly-report/weekly-report.job";
import { weeklyReportRoutes } from "./weekly-report/weekly-report.routes";
import { createPdfRenderer, defaultPdfWorkers } from "./workers/pdf-pool";
import { workflowRoutes } from "./workflow/workflow.routes";

/** A route as the onRoute option tells it (tests: which routes exist, and which can read multipart). */
export type RegisteredRoute = {
  method: string | string[];
  url: string;
  handler: unknown;
  parsesMultipart: boolean;
  hasBodySchema: boolean;
};

export type AppOptions = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  secret: string;
  storage: FileStorage;
  /** Told of every route as it is registered (the authorisation matrix test lists them this way). */
  onRoute?: (route: RegisteredRoute) => void;
  /** Where log lines go instead of stdout (tests read the log this way). */
  logStream?: { write: (line: string) => void };
  /** Tests: fail any JSON answer that differs from what the OpenAPI document says it is (http/openapi.ts). */
  checkDocumentedAnswers?: boolean;
};

/** The API's version in the OpenAPI document: the server package's. */
const API_VERSION = "0.1.0";
/** PDFs waiting for a worker beyond which a download answers 503 (Retry-After) at once. */
const PDF_QUEUE = 50;
/** Photos waiting for a photo worker, each holding its upload (≤ 15 MB) in memory. */
const PHOTO_QUEUE = 20;
/** Logos waiting for the one render an instance runs at a time; beyond that 503 (decision 0046). */
const LOGO_QUEUE = 4;

/** Compiled once: the health check runs under load balancers' polling (issue 7, hot path). */
const HEALTH_QUERY = CompiledQuery.raw("select 1");
const HealthSchema = z.object({ status: z.enum(["ok", "unavailable"]) });

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const webDist = options.config.webDist ?? defaultWebDist();
  const headersFor = securityHeaders(options.config.trustProxy, inlineScriptHashes(webDist));
  const app = Fastify({
    logger: {
      level: options.config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", "body.password", "body.refreshToken", "body.token"],
      // URLs are logged as route patterns: some carry capability tokens (http/request-log.ts).
      serializers: requestLogSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // The router's limit equals the id schema's, so any over-long id is simply not found.
    routerOptions: { maxParamLength: MAX_ID_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(headersFor),
    clientErrorHandler: handleClientError,
    // Only trust X-Forwarded-For from as many hops as configured, so a client cannot spoof its IP
    // past the per-IP rate limit.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // Shared counters and session revocations when scaled out (docs/decisions/0017). Connecting
  // fails here, before anything listens, when REDIS_URL is unreachable (RedisUnavailableError).
  let redis: SharedRedis | undefined;
  if (options.config.redis) {
    redis = await connectRedis(options.config.redis.url, options.config.redis.prefix, app.log);
    const connection = redis;
    // onClose runs once every in-flight request has finished.
    app.addHook("onClose", async () => connection.close());
  }

  const sessions = new SessionStatus(options.db, undefined, redis);
  const live = new LiveHub({
    db: options.db,
    dbKind: options.dbKind,
    sessions,
    redis,
    log: app.log,
    heartbeatMs: options.config.liveHeartbeatMs,
  });
  const secrets = new SecretBox(options.config.secretEncryptionKey ?? options.secret);
  const mail = new Mailer(options.db, options.config, app.log, options.secret, options.storage);
  const ctx: AppContext = {
    writes: new WriteLimits({ config: options.config, db: options.db, redis }),
    mailLimits: new MailLimits({ config: options.config, db: options.db, redis }),
    config: options.config,
    db: options.db,
    dbKind: options.dbKind,
    tokens: new TokenSigner(options.secret),
    secrets,
    sessions,
    storage: options.storage,
    redis,
    pdf: createPdfRenderer({
      workers: options.config.pdfWorkers ?? defaultPdfWorkers(),
      queue: PDF_QUEUE,
      memoryBytes: options.config.pdfMemoryBytes,
    }),
    photos: createPhotoProcessor({
      workers: options.config.photoWorkers ?? defaultPhotoWorkers(),
      queue: PHOTO_QUEUE,
    }),
    logos: createLogoRenderer({ renders: 1, queue: LOGO_QUEUE, timeoutMs: LOGO_RENDER_SECONDS * 1000 }),
    mail,
    live,
    // Webhook deliveries (issue 38, decision 0073): started by main.ts like the mail queue; tests drive it.
    webhooks: new WebhookWorker({
      db: options.db,
      dbKind: options.dbKind,
      config: options.config,
      secrets,
      mail,
      log: app.log,
    }),
    log: app.log,
  };
  app.addHook("onClose", async () => ctx.webhooks.stop());
  await ctx.sessions.subscribe(app.log);
  // Live streams (issue 39): closed with a `closing` event before the server waits for requests in
  // flight, so a rolling restart is not held up by them and their clients reconnect at once.
  await ctx.live.start();
  app.addHook("preClose", async () => ctx.live.closeAll());
  app.addHook("onClose", async () => ctx.live.stop());
  // Instant notification mail and the daily digest run with the mail queue's schedule (main.ts starts it).
  ctx.mail.addJob(notificationMailJob(ctx));
  // Each project's scheduled weekly report, claimed once across instances (weekly-report/).
  ctx.mail.addJob(weeklyReportJob(ctx));
  // onClose runs once every in-flight request has finished (graceful shutdown drains first).
  app.addHook("onClose", () =>
    Promise.all([ctx.pdf.close(), ctx.photos.close(), ctx.logos.close()]).then(() => undefined),
  );
  const stopUploadCollection = scheduleUploadCollection(ctx);
  app.addHook("onClose", async () => stopUploadCollection());
  const stopSecurityLogPrune = scheduleSecurityLogPrune(ctx);
  app.addHook("onClose", async () => stopSecurityLogPrune());

  registerSecurityHeaders(app, headersFor);
  const { onRoute } = options;
  if (onRoute) {
    app.addHook("onRoute", function (route) {
      onRoute({
        method: route.method,
        url: route.url,
        handler: route.handler,
        // `this` is the plugin that registers the route: does it parse multipart bodies?
        parsesMultipart: this.hasContentTypeParser("multipart/form-data"),
        hasBodySchema: route.schema?.body !== undefined,
      });
    });
  }
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await app.register(rateLimit, { global: false, ...(redis ? { store: sharedRateLimitStore(redis) } : {}) });
  // Before any route, so its onRoute hook sees every one (issue 38, decision 0067).
  await registerOpenApi(app, API_VERSION);
  if (options.checkDocumentedAnswers) checkDocumentedAnswers(app);

  const authenticate = createAuthenticate(
    ctx,
    app.createRateLimit(tokenLimiterOptions(options.config.apiTokenRateLimit)),
  );
  const sheets = createSheetServices(ctx);

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      openApiRoute(api);
      api.get(
        "/health",
        {
          schema: {
            summary: "Whether the server and its database answer",
            response: { 200: HealthSchema, 503: HealthSchema },
          },
        },
        async (request, reply) => {
          try {
            // On SQLite, at once when the connection is free (db/sqlite.ts directRead), else through Kysely.
            if (!directRead(ctx.db)?.(HEALTH_QUERY.sql, [])) await ctx.db.executeQuery(HEALTH_QUERY);
          } catch (err) {
            request.log.error({ err }, "health check: database unavailable");
            return reply.status(503).send({ status: "unavailable" });
          }
          return reply.send({ status: "ok" });
        },
      );
      await api.register(authRoutes(ctx, sheets), { prefix: "/auth" });
      await api.register(passwordResetRoutes(ctx), { prefix: "/auth" });
      await api.register(mfaRoutes(ctx, authenticate), { prefix: "/auth/mfa" });
      await api.register(passkeyRoutes(ctx, authenticate), { prefix: "/auth/passkeys" });
      await api.register(sessionRoutes(ctx, authenticate), { prefix: "/auth/sessions" });
      await api.register(securityLogRoutes(ctx, authenticate), { prefix: "/security-log" });
      await api.register(workspaceSecurityRoutes(ctx, authenticate), { prefix: "/workspace" });
      await api.register(ssoSignInRoutes(ctx), { prefix: "/auth/sso" });
      await api.register(ssoSettingsRoutes(ctx, authenticate), { prefix: "/workspace" });
      await api.register(projectRoutes(ctx, authenticate), { prefix: "/projects" });
      await api.register(snagListRoutes(ctx, authenticate), { prefix: "/projects" });
      await api.register(bcfRoutes(ctx, authenticate), { prefix: "/projects" });
      await api.register(weeklyReportRoutes(ctx, authenticate), { prefix: "/projects" });
      await api.register(shareLinkRoutes(ctx, authenticate));
      await api.register(sharePublicRoutes(ctx), { prefix: "/share" });
      await api.register(brandingRoutes(ctx, authenticate), { prefix: "/workspace" });
      await api.register(snaggingRoutes(ctx, authenticate), { prefix: "/snagging" });
      await api.register(activityRoutes(ctx, authenticate), { prefix: "/snagging" });
      await api.register(workflowRoutes(ctx, authenticate), { prefix: "/snagging" });
      await api.register(reportCommentRoutes(ctx, authenticate), { prefix: "/snagging" });
      await api.register(commentRoutes(ctx, authenticate), { prefix: "/comments" });
      await api.register(shareActivityRoutes(ctx, authenticate), { prefix: "/snagging" });
      await api.register(userRoutes(ctx, authenticate), { prefix: "/users" });
      await api.register(contactRoutes(ctx, authenticate), { prefix: "/contacts" });
      await api.register(teamRoutes(ctx, authenticate), { prefix: "/team" });
      await api.register(invitationRoutes(ctx, authenticate), { prefix: "/invitations" });
      await api.register(notificationRoutes(ctx, authenticate), { prefix: "/notifications" });
      await api.register(notificationMailRoutes(ctx, authenticate), { prefix: "/mail" });
      await api.register(adminRoutes(ctx, authenticate), { prefix: "/admin" });
      await api.register(trashRoutes(ctx, authenticate), { prefix: "/trash" });
      await api.register(tradeRoutes(ctx, authenticate), { prefix: "/trades" });
      await api.register(tokenRoutes(ctx, authenticate), { prefix: "/tokens" });
      await api.register(webhookRoutes(ctx, authenticate), { prefix: "/webhooks" });
      await api.register(analyticsRoutes(ctx, authenticate), { prefix: "/analytics" });
      await api.register(auditRoutes(ctx, authenticate), { prefix: "/audits" });
      await api.register(auditTemplateRoutes(ctx, authenticate), { prefix: "/audit-templates" });
      await api.register(sheetRoutes(sheets, authenticate));
      await api.register(locationRoutes(ctx, authenticate));
      await api.register(uploadRoutes(ctx, authenticate), { prefix: "/uploads" });
      await api.register(eventRoutes(ctx, ctx.live, authenticate), { prefix: "/events" });
      await api.register(searchRoutes(ctx, authenticate), { prefix: "/search" });
    },
    { prefix: "/api" },
  );

  await fileRoutes(app, ctx);
  await registerWebApp(app, webDist);
  return { app, ctx };
}
