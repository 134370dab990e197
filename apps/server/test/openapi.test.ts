// The OpenAPI document (issue 38, decision 0067): made from the routes the real app registers, so
// a route added anywhere without appearing in it fails here; validated against the OpenAPI 3.1
// schema by a kept validator; and its docs page served from our origin under our CSP.
import { Validator } from "@seriousme/openapi-schema-validator";
import { ApiErrorSchema } from "@sitesnag/shared/api-error";
import { ShareFixSchema } from "@sitesnag/shared/sharing";
import { SheetRevisionFieldsSchema, SheetUploadFieldsSchema } from "@sitesnag/shared/sheets";
import { ReportSchema, VerificationSchema } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answerDifferences, HEADERS, PARAMETERS } from "../src/http/openapi";
import { ReportCreateFields, ReportPatchFields } from "../src/snagging/snagging.uploads";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema };
type Answer = { $ref?: string; content?: object; headers?: Record<string, { $ref?: string }> };
type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { examples?: unknown[] }>;
    securitySchemes: Record<string, unknown>;
    headers: Record<string, unknown>;
    parameters: Record<string, { name: string; in: string }>;
    responses: Record<string, Answer>;
  };
};

/**
 * The writes that take no body at all. Every other POST, PUT and PATCH documents its body: a zod
 * `schema.body`, or `config.requestBody` when the route reads it by hand (http/openapi.ts).
 */
const BODYLESS = [
  "POST /api/audit-templates/{id}/archive",
  "POST /api/audits/{id}/revisions",
  "POST /api/auth/demo-login",
  "POST /api/auth/mfa/totp",
  "POST /api/auth/passkeys/confirm/options",
  "POST /api/auth/passkeys/registration/options",
  "POST /api/invitations/{id}/resend",
  "POST /api/notifications/read-all",
  "POST /api/notifications/{id}/read",
  "POST /api/trash/{id}/restore",
  "POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  "POST /api/webhooks/{id}/test",
];

/** The properties a body documents: of its schema, or of the first branch with any. */
const fieldsOf = (schema: Schema | undefined): string[] => Object.keys(schema?.properties ?? {}).sort();
const isFile = (schema: Schema | undefined) => schema?.type === "string" && schema.format === "binary";

/** "GET /api/projects/:id" → "GET /api/projects/{id}", as OpenAPI writes a path. */
const asOperation = (route: string) => route.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");

describe.each(DIALECTS)("OpenAPI document (%s)", (kind) => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    document = res.json() as Document;
  });
  afterAll(() => t.close());

  /** An operation's answer for a status, followed through its reference to components.responses. */
  const answerOf = (path: string, method: string, code: string): Answer | undefined => {
    const answer = document.paths[path]?.[method]?.responses[code];
    const name = answer?.$ref?.replace("#/components/responses/", "");
    return name ? document.components.responses[name] : answer;
  };

  it("lists every /api route the app registers", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = t.routes.filter((r) => / \/api\//.test(r) && !/ \/api\/docs(\/|$)/.test(r));
    expect(routes.length).toBeGreaterThan(100);
    // HEAD routes registered on their own count too (not the twins Fastify adds beside each GET).
    expect(routes).toContain("HEAD /api/uploads/:sha256");
    expect(routes).not.toContain("HEAD /api/projects");
    const missing = routes.map(asOperation).filter((op) => !documented.has(op));
    expect(missing).toEqual([]);
  });

  it("says what every operation answers when it succeeds", () => {
    // A route whose success is not documented (config.answers, or a response schema) fails here.
    // A file or a stream is documented too, by its media type (fileAnswer, http/openapi.ts).
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, operation]) => {
          const success = Object.entries(operation.responses).filter(([code]) => /^2/.test(code));
          return (
            success.length === 0 ||
            // A 204, and any answer to HEAD, is headers only.
            success.some(([code, answer]) => code !== "204" && method !== "head" && !answer.content)
          );
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
  });

  it("validates against the OpenAPI 3.1 schema", async () => {
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names the error shape once and says how each operation authenticates", () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiToken", "session"]);
    expect(document.components.schemas.ApiError).toBeDefined();
    const tokens = document.paths["/api/tokens"];
    expect(tokens?.post?.security).toEqual([{ session: [] }]);
    expect(JSON.stringify(answerOf("/api/tokens", "post", "403"))).toContain("#/components/schemas/ApiError");
    // The shared error answers are named once and referenced.
    expect(tokens?.post?.responses["403"]?.$ref).toBe("#/components/responses/Forbidden");
    expect(document.paths["/api/projects"]?.get?.responses["404"]?.$ref).toBe(
      "#/components/responses/NotFoundWithRateLimit",
    );
    expect(document.paths["/api/auth/login"]?.post?.security).toEqual([]);
    // Workspace data: the document-wide default (session or API token).
    expect(document.paths["/api/projects"]?.get?.security).toBeUndefined();
    // Answers written by hand are documented through `config.answers` (http/openapi.ts).
    // The shapes many answers share are components, named once and referenced (`.meta({ id })`).
    const project = document.paths["/api/projects/{id}"];
    expect(JSON.stringify(project?.get?.responses["200"])).toContain('"#/components/schemas/Project"');
    expect(JSON.stringify(document.components.schemas.Project)).toContain('"clientName"');
    expect(project?.delete?.responses["204"]).toBeDefined();
    expect(JSON.stringify(document.paths["/api/snagging"]?.post?.responses["201"])).toContain(
      '"#/components/schemas/Report"',
    );
    expect(JSON.stringify(document.paths["/api/snagging/{id}"]?.get?.responses["200"])).toContain(
      '"#/components/schemas/Report"',
    );
    expect(JSON.stringify(document.components.schemas.Report)).toContain('"attachments"');
    // A file answer names its media type instead of JSON (fileAnswer, http/openapi.ts).
    const bcf = document.paths["/api/projects/{id}/bcf"];
    const file = bcf?.get?.responses["200"] as { content?: object } | undefined;
    expect(Object.keys(file?.content ?? {})).toEqual(["application/octet-stream"]);
    expect(JSON.stringify(bcf?.post?.responses["200"])).toContain('"created"');
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) expect(operation.summary).toBeTruthy();
    }
  });

  it("documents the body of every write, with its media types, including the ones read by hand", () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    const writes = operations.filter(({ name }) => /^(POST|PUT|PATCH) /.test(name));
    const withoutBody = writes.filter(({ operation }) => !operation.requestBody).map(({ name }) => name);
    expect(withoutBody.sort()).toEqual(BODYLESS);
    // A route that may read multipart by hand (registered where multipart is parsed, with no zod
    // body schema) documents a multipart body, unless it takes none.
    const multipart = t.multipartRoutes.map(asOperation).filter((name) => !BODYLESS.includes(name));
    expect(multipart.length).toBeGreaterThanOrEqual(10);
    const byName = new Map(operations.map(({ name, operation }) => [name, operation]));
    const notMultipart = multipart.filter((name) => !byName.get(name)?.requestBody?.content["multipart/form-data"]);
    expect(notMultipart).toEqual([]);
    // Every multipart body names at least one file part, documented as binary.
    for (const name of multipart) {
      const schema = byName.get(name)?.requestBody?.content["multipart/form-data"]?.schema as Schema & {
        additionalProperties?: Schema;
      };
      const parts = [...Object.values(schema.properties ?? {}), schema.additionalProperties];
      expect(
        parts.some((part) => isFile(part) || isFile(part?.items)),
        name,
      ).toBe(true);
    }
  });

  it("documents hand-read bodies from the same schemas the routes parse them with", () => {
    const body = (name: string, mediaType: string) => {
      const [method, path] = name.split(" ") as [string, string];
      return document.paths[path]?.[method.toLowerCase()]?.requestBody?.content[mediaType]?.schema;
    };
    const keys = (schema: { shape: object }, ...more: string[]) => [...Object.keys(schema.shape), ...more].sort();
    // Multipart: the fields the reader parses with their schema, plus the file parts.
    expect(fieldsOf(body("POST /api/snagging", "multipart/form-data"))).toEqual(keys(ReportCreateFields, "images"));
    expect(fieldsOf(body("POST /api/snagging", "application/json"))).toEqual(
      keys(ReportCreateFields, "photoHashes", "photoNames"),
    );
    expect(fieldsOf(body("PATCH /api/snagging/{id}", "multipart/form-data"))).toEqual(
      keys(ReportPatchFields, "images"),
    );
    expect(fieldsOf(body("POST /api/projects/{id}/sheets", "multipart/form-data"))).toEqual(
      keys(SheetUploadFieldsSchema, "file"),
    );
    expect(fieldsOf(body("POST /api/sheets/{id}/revisions", "multipart/form-data"))).toEqual(
      keys(SheetRevisionFieldsSchema, "file"),
    );
    expect(fieldsOf(body("POST /api/share/{token}/reports/{reportId}/fix", "multipart/form-data"))).toEqual(
      keys(ShareFixSchema, "images"),
    );
    expect(fieldsOf(body("POST /api/snagging/{id}/verification", "application/json"))).toEqual(
      keys(VerificationSchema.out),
    );
    expect(isFile(body("PUT /api/workspace/branding/logo", "multipart/form-data")?.properties?.logo)).toBe(true);
    expect(isFile(body("POST /api/projects/{id}/bcf", "multipart/form-data")?.properties?.file)).toBe(true);
    expect(isFile(body("POST /api/snagging/{id}/comments", "multipart/form-data")?.properties?.images?.items)).toBe(
      true,
    );
    // Raw bytes, and the profile change's two shapes.
    expect(isFile(body("PUT /api/uploads/{sha256}", "application/octet-stream"))).toBe(true);
    const profile = body("PATCH /api/users/{id}", "application/json") as { anyOf?: Schema[] } | undefined;
    expect(profile?.anyOf?.map(fieldsOf)).toEqual([["locale"], ["email", "firstName", "lastName", "locale"]]);
  });

  it("declares the response headers once and references them where they are sent", () => {
    expect(Object.keys(document.components.headers).sort()).toEqual(Object.keys(HEADERS).sort());
    const refs = (path: string, method: string, code: string) =>
      Object.entries(answerOf(path, method, code)?.headers ?? {}).map(([name, header]) => {
        expect(header.$ref).toBe(`#/components/headers/${name}`);
        return name;
      });
    const rateLimit = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // Every operation may answer 429 and 503, each with Retry-After.
        expect(refs(path, method, "429"), `${method} ${path}`).toContain("Retry-After");
        expect(refs(path, method, "503"), `${method} ${path}`).toContain("Retry-After");
        // An API token's limit rides on every answer of the routes a token may call.
        const tokenRoute = operation.security === undefined;
        for (const code of Object.keys(operation.responses).filter((c) => /^2/.test(c))) {
          if (tokenRoute)
            expect(refs(path, method, code), `${method} ${path} ${code}`).toEqual(expect.arrayContaining(rateLimit));
          else expect(refs(path, method, code)).not.toContain("RateLimit-Limit");
        }
      }
    }
    // Resumable uploads, and the HEAD that says where to resume.
    for (const code of ["200", "201", "202", "409"]) {
      expect(refs("/api/uploads/{sha256}", "put", code)).toContain("Upload-Offset");
    }
    expect(refs("/api/uploads/{sha256}", "head", "404")).toContain("Upload-Offset");
    expect(refs("/api/uploads/{sha256}", "head", "200")).toContain("Upload-Length");
    // The location tree's ETag, and the 304 it answers while unchanged.
    expect(refs("/api/projects/{id}/locations", "get", "200")).toContain("ETag");
    expect(refs("/api/projects/{id}/locations", "get", "304")).toContain("ETag");
    // Every header reference resolves.
    const all =
      JSON.stringify([document.paths, document.components.responses]).match(/#\/components\/headers\/[\w-]+/g) ?? [];
    for (const ref of new Set(all)) expect(document.components.headers[ref.split("/").pop() as string]).toBeDefined();
    const shared = JSON.stringify(document.paths).match(/#\/components\/responses\/\w+/g) ?? [];
    expect(shared.length).toBeGreaterThan(0);
    for (const ref of new Set(shared))
      expect(document.components.responses[ref.split("/").pop() as string]).toBeDefined();
  });

  it("documents the Idempotency-Key on every route that reads it, and Idempotent-Replayed where it is answered", () => {
    expect(document.components.parameters).toEqual(PARAMETERS);
    // The routes found from their handlers' code (harness.ts): at least the ones known today, so a
    // harness that stopped finding them fails here rather than passing on an empty list.
    const reading = t.idempotentRoutes.map(asOperation).sort();
    expect(reading).toEqual(
      expect.arrayContaining([
        "POST /api/snagging",
        "POST /api/snagging/bulk",
        "POST /api/snagging/{id}/comments",
        "PATCH /api/comments/{id}",
        "DELETE /api/comments/{id}",
        "POST /api/share/{token}/reports/{reportId}/fix",
        "POST /api/audits/{id}/items/{itemId}/photos",
      ]),
    );
    const documenting = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) =>
            (operation.parameters ?? []).some((p) => p.$ref === "#/components/parameters/IdempotencyKey"),
          )
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    // Every route that reads the key documents it (by reference, never inline), and no other does.
    expect(documenting).toEqual(reading);
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item))
        expect((operation.parameters ?? []).filter((p) => p.in === "header" && p.name === "Idempotency-Key")).toEqual(
          [],
        );
    // A route whose handler may answer Idempotent-Replayed documents it on a success answer.
    const replaying = t.replayingRoutes.map(asOperation);
    expect(replaying.length).toBeGreaterThanOrEqual(4);
    for (const route of replaying) {
      const [method, path] = route.split(" ") as [string, string];
      const successes = Object.keys(document.paths[path]?.[method.toLowerCase()]?.responses ?? {}).filter((c) =>
        /^2/.test(c),
      );
      const headers = successes.flatMap((code) =>
        Object.keys(answerOf(path, method.toLowerCase(), code)?.headers ?? {}),
      );
      expect(headers, route).toContain("Idempotent-Replayed");
      expect(reading, route).toContain(route);
    }
  });

  it("sends the headers it documents", async () => {
    // The HEAD route's real answer carries the header its 404 documents (uploads.routes.ts).
    const { accessToken } = await signUp(t);
    const head = await t.request({ method: "HEAD", url: `/api/uploads/${"cd".repeat(32)}`, token: accessToken });
    expect(head.statusCode).toBe(404);
    expect(head.headers["upload-offset"]).toBe("0");
    expect(document.paths["/api/uploads/{sha256}"]?.head?.responses["404"]).toBeDefined();
  });

  it("gives examples that are what the API answers", () => {
    // Parsed with the schemas they illustrate, so an example cannot drift from its shape.
    const report = document.components.schemas.Report?.examples ?? [];
    expect(report.length).toBeGreaterThan(0);
    for (const example of report) expect(answerDifferences(ReportSchema, example)).toEqual([]);
    const errors = document.components.schemas.ApiError?.examples ?? [];
    expect(errors.some((e) => (e as { details?: object }).details)).toBe(true);
    for (const example of errors) expect(answerDifferences(ApiErrorSchema, example)).toEqual([]);
  });

  it("serves the docs page and its scripts from our own origin under our CSP", async () => {
    const page = await t.request({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith("/api/docs/")).toBe(true);
      const script = await t.request({ method: "GET", url: src });
      expect(script.statusCode).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

// The API tests check every JSON answer against what the document says (harness.ts); this is the
// comparison they use, so a field missing, of another type or left out of the document is caught.
describe("answerDifferences", () => {
  const Answer = z.object({
    item: z.object({ id: z.string(), count: z.number() }),
    items: z.array(z.object({ id: z.string() })),
  });

  it("finds nothing when the answer is what the document says", () => {
    expect(answerDifferences(Answer, { item: { id: "a", count: 1 }, items: [{ id: "b" }] })).toEqual([]);
  });

  it("names a field missing or of another type", () => {
    const found = answerDifferences(Answer, { item: { id: "a", count: "1" }, items: [{}] });
    expect(found.some((d) => d.startsWith("item.count:"))).toBe(true);
    expect(found.some((d) => d.startsWith("items.0.id:"))).toBe(true);
  });

  it("names a field the answer has and the document does not", () => {
    expect(
      answerDifferences(Answer, { item: { id: "a", count: 1, secret: "x" }, items: [{ id: "b", extra: 1 }] }),
    ).toEqual(["item.secret: answered but not in the document", "items.0.extra: answered but not in the document"]);
  });
});
