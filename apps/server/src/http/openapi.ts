// The OpenAPI 3.1 document of /api (issue 38, decision 0067), made from the routes' own zod
// schemas by @fastify/swagger and the zod type provider's transform, and the docs page that reads
// it (@fastify/swagger-ui, every file served from our origin under our CSP). Guarantees:
// - Every /api route is in the document: nothing is listed by hand; a route registered after this
//   plugin is collected by its onRoute hook (test/openapi.test.ts fails when one is missing).
// - Every operation names its error answers (the one ApiError shape) and how it authenticates:
//   public, session only, or session or API token (tokens/token-auth.ts decides the same way).
// - Nothing is built at start-up: the document is made on the first request for it, then kept.
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ApiErrorSchema } from "@sitesnag/shared/api-error";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSessionOnlyRoute } from "../tokens/token-auth";
import { COMPONENT_EXAMPLES } from "./openapi-examples";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What the route answers, for the document only: never used to write the answer (a response
     * schema would, and would drop or require fields: http/response-serializer.ts). For routes
     * whose answer is written by hand or streamed.
     */
    answers?: Record<number, z.ZodType | FileAnswer>;
    /**
     * The body a route reads by hand (multipart, raw bytes, or JSON parsed in its service), for the
     * document only: never used to validate or parse. Routes with a zod `schema.body` need none.
     */
    requestBody?: DocumentedBody;
    /** Response headers the route sends, by status, named once in HEADERS (components.headers). */
    answerHeaders?: Record<number, HeaderName[]>;
    /**
     * The route honours an Idempotency-Key request header (http/idempotency-key.ts, decision 0032):
     * documented as the IdempotencyKey parameter (components.parameters), and `replayed` lists the
     * statuses whose answer carries Idempotent-Replayed when the key was seen before.
     */
    idempotencyKey?: { replayed?: number[] };
  }
}

/** A request body read by hand: each media type it takes and the shape of its fields or bytes. */
export type DocumentedBody = { description: string; required?: boolean; content: Record<string, z.ZodType> };

/** A file part of a multipart body (or a raw body): documented as binary of its media type. */
export const fileField = (description: string, mediaType = "application/octet-stream") =>
  z.string().meta({ format: "binary", contentMediaType: mediaType, description });

/** The photo parts of a report, a comment, a fix or an audit item: repeated file fields `images`. */
export const imagesField = (max: number) =>
  z
    .array(fileField("A JPEG, PNG or WebP photo (HEIC is refused); one part each, all named `images`", "image/*"))
    .max(max)
    .optional();

/**
 * The response headers SiteSnag sends, declared once as components.headers and referenced by the
 * answers that carry them (the transform below adds the ones every operation may send).
 */
export const HEADERS = {
  "RateLimit-Limit": {
    description: "Requests this API token may make per window (every answer to an API token).",
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": {
    description: "Requests this API token has left in the current window.",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": {
    description: "Seconds until the current window ends and the count starts again.",
    schema: { type: "integer" },
  },
  "Retry-After": {
    description: "Seconds to wait before sending the request again (429: over a limit; 503: busy or unavailable).",
    schema: { type: "integer" },
  },
  "Upload-Offset": {
    description: "Bytes of this upload the server holds: resume a cut upload with Content-Range from here.",
    schema: { type: "integer" },
  },
  "Upload-Length": {
    description: "Size in bytes of the photo the workspace already holds under this SHA-256.",
    schema: { type: "integer" },
  },
  ETag: {
    description: "The version of this answer: send it back in If-None-Match to get 304 while it is unchanged.",
    schema: { type: "string" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this Idempotency-Key was seen before: the answer is what the first request made, and nothing was added again.",
    schema: { type: "string", enum: ["true"] },
  },
} as const;
export type HeaderName = keyof typeof HEADERS;

/**
 * The request parameters declared once as components.parameters and referenced by the routes that
 * take them (`config.idempotencyKey`).
 */
export const PARAMETERS = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "A key of the client's choosing, the same on every retry of one change (the app's offline queue sends one per change): a repeat with the same key applies nothing again and answers what the first made; the same key with a different request may be refused (409). 1 to 255 visible ASCII characters (1 to 200 on an audit item's photos).",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
  },
} as const;

/** An answer that is a file, not JSON: its media type and what it is (documented as `content`). */
export type FileAnswer = { description: string; content: Record<string, { schema: z.ZodType }> };

/** A streamed or downloaded file's answer, for `config.answers`: e.g. `fileAnswer("application/zip", "The archive")`. */
export const fileAnswer = (mediaType: string, description: string): FileAnswer => ({
  description,
  content: { [mediaType]: { schema: z.string().describe(description) } },
});

/** A 204's documented answer: nothing. */
export const NO_CONTENT = { 204: z.null().describe("No content") };

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/api/docs";

/** Routes anyone may call: they carry no Authorization (or their own capability in the URL). */
const PUBLIC =
  /^\/api\/(health|auth\/(register|login|demo-login|refresh|forgot-password|reset-password(\/check)?)|share\/|invitations\/token\/:token$|mail\/unsubscribe|openapi\.json)/;

const ERRORS_ANONYMOUS = { 400: ApiErrorSchema, 429: ApiErrorSchema, 500: ApiErrorSchema, 503: ApiErrorSchema };
/** Every operation may answer 429 (a limit) and 503 (busy, or the database unavailable) with Retry-After. */
const RETRY_HEADERS: Record<number, HeaderName[]> = { 429: ["Retry-After"], 503: ["Retry-After"] };
const RATE_LIMIT_HEADERS: HeaderName[] = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
/** Extensions the transform writes on an operation and transformObject turns into OpenAPI. */
const X_HEADERS = "x-sitesnag-headers";
const X_BODY = "x-sitesnag-request-body";
const X_IDEMPOTENCY = "x-sitesnag-idempotency-key";
const ERRORS_SIGNED_IN = { ...ERRORS_ANONYMOUS, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

const VERBS: Record<string, string> = {
  GET: "Read",
  POST: "Create or run",
  PUT: "Replace",
  PATCH: "Change",
  DELETE: "Delete",
};

/** A summary for a route that has none of its own: its verb and what its path names. */
function fallbackSummary(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .map((part) => (part.startsWith(":") ? `{${part.slice(1)}}` : part.replace(/[-.]/g, " ")))
    .join(" › ");
  return `${VERBS[method] ?? method} ${words}`;
}

const tagOf = (url: string): string => {
  const first = url.replace(/^\/api\//, "").split("/")[0] ?? "api";
  return first.charAt(0).toUpperCase() + first.slice(1);
};

const transform: SwaggerTransform = (input) => {
  const { url, route } = input;
  const method = [route.method].flat()[0] ?? "GET";
  const isPublic = PUBLIC.test(url);
  const own = (input.schema ?? {}) as Record<string, unknown>;
  const config = (route.config ?? {}) as {
    answers?: Record<number, z.ZodType | FileAnswer>;
    requestBody?: DocumentedBody;
    answerHeaders?: Record<number, HeaderName[]>;
    idempotencyKey?: { replayed?: number[] };
  };
  const declared = { ...config.answers, ...(own.response as object | undefined) };
  const responses = { ...(isPublic ? ERRORS_ANONYMOUS : ERRORS_SIGNED_IN), ...declared };
  // An API token's answers carry its limit (tokens/token-auth.ts): every status but the refusals
  // made before the token is known (401) or after a crash (500).
  const tokenAnswers = !isPublic && !isSessionOnlyRoute(url);
  const headers: Record<string, HeaderName[]> = {};
  for (const code of Object.keys(responses).map(Number)) {
    const names = [
      ...(tokenAnswers && code !== 401 && code !== 500 ? RATE_LIMIT_HEADERS : []),
      ...(RETRY_HEADERS[code] ?? []),
      ...(config.answerHeaders?.[code] ?? []),
      ...(config.idempotencyKey?.replayed?.includes(code) ? (["Idempotent-Replayed"] as const) : []),
    ];
    if (names.length > 0) headers[code] = [...new Set(names)];
  }
  const schema = {
    ...own,
    summary: own.summary ?? fallbackSummary(method, url),
    tags: own.tags ?? [tagOf(url)],
    response: responses,
    [X_HEADERS]: headers,
    ...(config.requestBody ? { [X_BODY]: documentedBody(input, config.requestBody) } : {}),
    ...(config.idempotencyKey ? { [X_IDEMPOTENCY]: true } : {}),
    ...(isPublic ? { security: [] } : isSessionOnlyRoute(url) ? { security: [{ session: [] }] } : {}),
  };
  return jsonSchemaTransform({ ...input, schema } as unknown as Parameters<typeof jsonSchemaTransform>[0]);
};

/**
 * A hand-read body as an OpenAPI requestBody: each media type's zod schema converted exactly as a
 * route's `schema.body` is (same transform, same named components), so the two cannot differ.
 */
function documentedBody(input: Parameters<SwaggerTransform>[0], body: DocumentedBody) {
  const content = Object.fromEntries(
    Object.entries(body.content).map(([mediaType, schema]) => {
      const converted = jsonSchemaTransform({ ...input, schema: { body: schema } } as Parameters<
        typeof jsonSchemaTransform
      >[0]).schema as { body: unknown };
      return [mediaType, { schema: converted.body }];
    }),
  );
  return { description: body.description, required: body.required ?? true, content };
}

type OperationObject = Record<string, unknown> & { responses?: Record<string, Record<string, unknown>> };

/** The error answers every operation shares, named once under components.responses. */
const SHARED_ERRORS: Record<string, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "The request is not valid: `details` names each field that failed" },
  401: { name: "Unauthorized", description: "No valid session or API token" },
  403: { name: "Forbidden", description: "Not allowed to the caller (role, token scope, or a session-only route)" },
  404: { name: "NotFound", description: "No such thing in the caller's workspace" },
  429: { name: "TooManyRequests", description: "Over a limit: wait Retry-After seconds" },
  500: { name: "InternalError", description: "Something failed on the server" },
  503: { name: "Unavailable", description: "Busy or briefly unavailable: wait Retry-After seconds" },
};
const ERROR_CONTENT = JSON.stringify({ "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } });

/**
 * An error answer as a reference to its shared component, when it is the plain one (no description
 * of its own): about 40% of the document otherwise, repeated on every operation.
 */
function shareErrorAnswer(
  code: string,
  answer: Record<string, unknown>,
  shared: Record<string, unknown>,
): Record<string, unknown> {
  const kind = SHARED_ERRORS[code];
  if (!kind || answer.description !== "Default Response" || JSON.stringify(answer.content) !== ERROR_CONTENT) {
    return answer;
  }
  const limited = JSON.stringify(answer.headers ?? {}).includes("RateLimit-Limit");
  const name = `${kind.name}${limited ? "WithRateLimit" : ""}`;
  shared[name] ??= { ...answer, description: kind.description };
  return { $ref: `#/components/responses/${name}` };
}

/**
 * The transform's extensions made OpenAPI: the hand-read body, the Idempotency-Key parameter and
 * each answer's headers, by reference.
 */
function placeExtensions(operation: OperationObject, sharedResponses: Record<string, unknown>): void {
  const body = operation[X_BODY];
  if (body) operation.requestBody = body;
  delete operation[X_BODY];
  if (operation[X_IDEMPOTENCY]) {
    const parameters = (operation.parameters ?? []) as unknown[];
    operation.parameters = [...parameters, { $ref: "#/components/parameters/IdempotencyKey" }];
  }
  delete operation[X_IDEMPOTENCY];
  const headers = (operation[X_HEADERS] ?? {}) as Record<string, HeaderName[]>;
  delete operation[X_HEADERS];
  for (const [code, names] of Object.entries(headers)) {
    const answer = operation.responses?.[code];
    if (!answer) continue;
    answer.headers = Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  }
  for (const [code, answer] of Object.entries(operation.responses ?? {})) {
    (operation.responses as Record<string, unknown>)[code] = shareErrorAnswer(code, answer, sharedResponses);
  }
}

/**
 * The zod components, then three tidy-ups: the transform's extensions placed (placeExtensions,
 * with the shared error answers as references), a route registered as "/" under a prefix
 * documented without its trailing slash (Fastify answers both), and input twins of output
 * components that no operation uses dropped.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: Record<string, unknown>;
    components?: {
      schemas?: Record<string, unknown>;
      headers?: Record<string, unknown>;
      parameters?: Record<string, unknown>;
      responses?: object;
    };
  };
  const responses: Record<string, unknown> = {};
  document.components = {
    ...document.components,
    headers: structuredClone(HEADERS) as Record<string, unknown>,
    parameters: structuredClone(PARAMETERS) as Record<string, unknown>,
    responses,
  };
  if (document.paths) {
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item as Record<string, OperationObject>)) {
        placeExtensions(operation, responses);
      }
    }
    document.paths = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [path.length > 1 ? path.replace(/\/$/, "") : path, item]),
    );
  }
  const schemas = document.components?.schemas;
  if (schemas) {
    for (const [name, examples] of Object.entries(COMPONENT_EXAMPLES)) {
      const component = schemas[name] as { examples?: unknown[] } | undefined;
      if (component) component.examples = [...(component.examples ?? []), ...examples];
    }
    const used = JSON.stringify(document.paths ?? {});
    for (const name of Object.keys(schemas)) {
      if (name.endsWith("Input") && !used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
    }
  }
  return document as ReturnType<SwaggerTransformObject>;
};

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "SiteSnag API",
        version,
        description:
          "Projects, snagging reports, audits, plans and everything the SiteSnag app does. Authenticate with a session's access token or with an API token (`sst_…`, made by a workspace owner in Settings › API tokens). See docs/api.md for a first call.",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          session: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "A signed-in session's access token (POST /api/auth/login), valid one day.",
          },
          apiToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "sst_",
            description:
              "An API token: `read` reaches GET routes, `read write` the rest, acting as the workspace owner. Accounts, team, tokens and webhooks stay session-only. Limited per token per minute (RateLimit-* headers).",
          },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    transform,
    transformObject,
  });
  // Only /api is documented: the web app's files and the photo URLs are not the API.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith(`${DOCS_PREFIX}`)) {
      route.schema = { ...route.schema, hide: true };
    }
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true },
    theme: { title: "SiteSnag API" },
  });
}

/** Where a documented answer and the real one part: "path: what" for each difference. */
export function answerDifferences(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  if (!result.success) {
    return result.error.issues.map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
  }
  // A field the answer has and the schema does not name: zod's parse dropped it.
  const undocumented: string[] = [];
  const walk = (sent: unknown, kept: unknown, at: string) => {
    if (Array.isArray(sent) && Array.isArray(kept)) {
      for (const [i, item] of sent.entries()) walk(item, kept[i], `${at}${at ? "." : ""}${i}`);
    } else if (sent && kept && typeof sent === "object" && typeof kept === "object") {
      for (const [key, value] of Object.entries(sent)) {
        const path = `${at}${at ? "." : ""}${key}`;
        if (!(key in kept)) undocumented.push(`${path}: answered but not in the document`);
        else walk(value, (kept as Record<string, unknown>)[key], path);
      }
    }
  };
  walk(body, result.data, "");
  return undocumented;
}

/**
 * Tests only (harness.ts): every JSON answer whose status the route documents (`config.answers`
 * or its response schema) must be what the document says — no field missing, none of another
 * type, none left out of the document — or the request fails with a 500 naming the difference.
 * So the API tests keep the document true without the answer being rewritten by it in production.
 */
export function checkDocumentedAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const config = request.routeOptions.config as { answers?: Record<number, z.ZodType | FileAnswer> };
    const schema = config.answers?.[reply.statusCode];
    if (!(schema instanceof z.ZodType) || typeof payload !== "string") return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    const differences = answerDifferences(schema, JSON.parse(payload));
    if (differences.length === 0) return payload;
    const message = `${request.method} ${request.routeOptions.url} ${reply.statusCode} differs from its documented answer: ${differences.slice(0, 10).join("; ")}`;
    console.error(message);
    throw new Error(message);
  });
}

/** GET /api/openapi.json (registered inside /api): the document, made on the first call and kept. */
export function openApiRoute(app: FastifyInstance): void {
  let document: string | undefined;
  app.get(
    "/openapi.json",
    {
      schema: { summary: "This OpenAPI document", tags: ["Documentation"] },
      config: {
        answers: {
          200: z
            .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) })
            .describe("An OpenAPI 3.1 document"),
        },
      },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.header("content-type", "application/json; charset=utf-8").send(document);
    },
  );
}
