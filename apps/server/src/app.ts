// The Fastify application factory. Tests build it without a port (app.inject) or on port 0;
// main.ts builds it from the environment.
import path from "node:path";
import { fileURLToPath } from "node:url";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { createAuthenticate } from "./auth/auth.guard";
import { authRoutes } from "./auth/auth.routes";
import { TokenSigner } from "./auth/tokens";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Db, DbKind } from "./db/database";
import { fileRoutes } from "./files/files.routes";
import { registerErrorHandler } from "./http/error-handler";
import { projectRoutes } from "./projects/projects.routes";
import { snaggingRoutes } from "./snagging/snagging.routes";
import type { FileStorage } from "./storage/file-storage";
import { registerWebApp } from "./web/web.routes";

export type AppOptions = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  secret: string;
  storage: FileStorage;
};

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: {
      level: options.config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", "body.password", "body.refreshToken"],
    },
    bodyLimit: 1024 * 1024,
    // Only trust X-Forwarded-For from as many hops as configured, so a client cannot spoof its IP
    // past the per-IP rate limit.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config: options.config,
    db: options.db,
    dbKind: options.dbKind,
    tokens: new TokenSigner(options.secret),
    storage: options.storage,
    log: app.log,
  };

  registerErrorHandler(app);
  // A body-less POST sent with a JSON content type (some clients always set it) is not an error.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });

  const authenticate = createAuthenticate(ctx);

  await app.register(
    async (api) => {
      api.get("/health", async (request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
        } catch (err) {
          request.log.error({ err }, "health check: database unavailable");
          return reply.status(503).send({ status: "unavailable" });
        }
        return reply.send({ status: "ok" });
      });
      await api.register(authRoutes(ctx), { prefix: "/auth" });
      await api.register(projectRoutes(ctx, authenticate), { prefix: "/projects" });
      await api.register(snaggingRoutes(ctx, authenticate), { prefix: "/snagging" });
    },
    { prefix: "/api" },
  );

  await fileRoutes(app, ctx);
  await registerWebApp(app, options.config.webDist ?? defaultWebDist());
  return { app, ctx };
}
