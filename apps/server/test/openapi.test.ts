// The OpenAPI document (issue 38, decision 0067): made from the routes the real app registers, so
// a route added anywhere without appearing in it fails here; validated against the OpenAPI 3.1
// schema by a kept validator; and its docs page served from our origin under our CSP.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answerDifferences } from "../src/http/openapi";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

type Operation = { summary?: string; security?: unknown[]; responses: Record<string, unknown> };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

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

  it("lists every /api route the app registers", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = t.routes.filter((r) => / \/api\//.test(r) && !/ \/api\/docs(\/|$)/.test(r));
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.map(asOperation).filter((op) => !documented.has(op));
    expect(missing).toEqual([]);
  });

  it("says what every operation answers when it succeeds", () => {
    // A route whose success is not documented (config.answers, or a response schema) fails here.
    // A file or a stream is documented too, by its media type (fileAnswer, http/openapi.ts).
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => {
          const success = Object.entries(operation.responses).filter(([code]) => /^2/.test(code));
          return (
            success.length === 0 ||
            success.some(([code, answer]) => code !== "204" && !(answer as { content?: object }).content)
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
    expect(JSON.stringify(tokens?.post?.responses["403"])).toContain("#/components/schemas/ApiError");
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
