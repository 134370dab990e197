// Every English sentence a shared schema or a service can answer with is in the catalogue (issue
// 35), so the reader gets it in their language: a new sentence without its catalogue id fails here.
// - The schemas: every exported zod schema of packages/shared is walked, and every message it can
//   write (its own `error`s and its checks' messages) is read by calling the message function.
// - The services: every literal handed to new AppError(…), badRequest(…), forbidden(…), conflict(…),
//   unauthorized(…), the string constants they are given, in apps/server/src, with each ${…} of a
//   template taken as a value.
// - zod's own checks without a message: readableMessage (shared/zod-messages.ts) writes them from
//   a few patterns, each in the catalogue ("{field} must be at most {max} characters").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readableMessage } from "@sitesnag/shared/zod-messages";
import { describe, expect, it } from "vitest";
import { localiseSentence } from "./localise-sentence";

const here = path.dirname(fileURLToPath(import.meta.url));
const SHARED = path.resolve(here, "../../../../packages/shared/src");
const SERVER = path.resolve(here, "..");

const known = (english: string) => localiseSentence("pl", english) !== english;

type ZodLike = { _zod: { def: Record<string, unknown> } };
const isSchema = (v: unknown): v is ZodLike =>
  typeof v === "object" && v !== null && "_zod" in v && typeof (v as ZodLike)._zod?.def === "object";

/** Every message a schema can write, walked through its definition (objects, arrays, unions, pipes…). */
function schemaMessages(root: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  if (!isSchema(root) || seen.has(root)) return;
  seen.add(root);
  const def = root._zod.def;
  const read = (error: unknown) => {
    if (typeof error !== "function") return;
    for (const input of [undefined, 12, "x"]) {
      const out = error({ code: "custom", input, path: [], message: "" }) as unknown;
      const message = typeof out === "string" ? out : (out as { message?: string } | undefined)?.message;
      if (message) into.add(message);
    }
  };
  read(def.error);
  for (const check of (def.checks as ZodLike[] | undefined) ?? []) read(check._zod?.def?.error);
  for (const value of Object.values(def)) {
    if (isSchema(value)) schemaMessages(value, into, seen);
    else if (Array.isArray(value)) for (const v of value) schemaMessages(v, into, seen);
    else if (value && typeof value === "object" && !(value instanceof RegExp))
      for (const v of Object.values(value)) schemaMessages(v, into, seen);
  }
  // A lazy schema's getter, a shape defined as a getter.
  if (typeof def.getter === "function") schemaMessages((def.getter as () => unknown)(), into, seen);
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });

/** A template literal's text with each ${…} as a sample value (a number where it counts one). */
const sample = (template: string) =>
  template.replace(/\$\{[^}]*\}/g, (expr) => (/MAX|max|count|n\b|MB|limit/i.test(expr) ? "7" : "Thing"));

/**
 * Raised sentences the scan cannot sample from their template (a plural made by adding "s", a
 * word chosen by a ternary): each is checked below by the sentences it really writes, or is not
 * translated yet (the list of what remains English, to shrink).
 */
const UNSAMPLED = new Set([
  "auth/sign-in-throttle.ts",
  "quotas/write-limits.ts",
  "sheets/sheet-jobs.ts",
  "uploads/upload-references.ts",
  "http/errors.ts", // `${what} not found`: each notFound("…") call is read on its own
]);
const EXAMPLES = [
  "Too many failed sign-in attempts. Please try again in 1 minute.",
  "Too many failed sign-in attempts. Please try again in 5 minutes.",
  "You have saved a lot of changes in the last minute. Please wait 1 second and try again; nothing was saved from this request.",
  "Your workspace has saved a lot of changes in the last minute. Please wait 12 seconds and try again; nothing was saved from this request.",
  "Your workspace has 1 drawing page still being prepared, and at most 40 can wait at once. Upload this drawing when they are ready.",
  "Your workspace has 22 drawing pages still being prepared, and at most 40 can wait at once. Upload this drawing when they are ready.",
  "A photo was not uploaded (or no longer held): upload it first, then send the change again.",
  "3 photos were not uploaded (or no longer held): upload them first, then send the change again.",
  `Photo ${"a".repeat(64)} is not uploaded`,
  // Not raised but answered all the same: a bulk change's per-report failure, a webhook attempt's error.
  "The server could not apply this change; nothing was changed on this report.",
  "No answer within 10 seconds",
  "The signing secret cannot be read (the encryption key changed)",
];
/** Not in the catalogue yet: the sentence is put together from English words a caller chose. */
const NOT_YET = new Set([
  "audits/audits.signatures.ts: The Thing signature is not a PNG, JPEG or WebP image.", // "auditor's"
  "audits/audits.update.ts: The Thing signing time can only be sent with the Thing signature. Nothing was changed.",
  "audits/audits.update.ts: Thing Nothing was changed.", // a sentence of the caller's, then this
  "notification-mail/notification-mail.service.ts: 7 can be sent as 7 only", // a kind's label and modes
]);

/** The sentences the services raise, by file. */
function serviceSentences(): Map<string, string> {
  const found = new Map<string, string>();
  const NOT_FOUND = /\bnotFound\(\s*"([^"]+)"\s*\)/g;
  const RAISE =
    /\b(?:new AppError\(\s*\d+\s*,|badRequest\(|forbidden\(|conflict\(|unauthorized\()\s*(?:"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`|([A-Z][A-Z0-9_]+))/g;
  for (const file of sourceFiles(SERVER)) {
    if (UNSAMPLED.has(path.relative(SERVER, file).split(path.sep).join("/"))) continue;
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(NOT_FOUND)) found.set(`${m[1]} not found`, path.relative(SERVER, file));
    const constants = new Map<string, string>();
    for (const m of text.matchAll(/\bconst ([A-Z][A-Z0-9_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g)) {
      constants.set(m[1] as string, (m[2] ?? sample(m[3] ?? "")) as string);
    }
    for (const m of text.matchAll(RAISE)) {
      const sentence = m[1] ?? (m[2] !== undefined ? sample(m[2]) : constants.get(m[3] ?? ""));
      if (sentence) found.set(sentence.replace(/\\"/g, '"'), path.relative(SERVER, file));
    }
  }
  return found;
}

describe("every English sentence the API can answer with is in the catalogue", () => {
  it("the shared schemas' own messages", async () => {
    const messages = new Set<string>();
    for (const file of sourceFiles(SHARED).filter((f) => !f.includes(`${path.sep}i18n${path.sep}`))) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(module)) schemaMessages(value, messages);
    }
    expect(messages.size).toBeGreaterThan(80);
    expect([...messages].filter((m) => !known(m)).sort()).toEqual([]);
  });

  it("zod's checks without a message, as readableMessage writes them", () => {
    const issues = [
      { code: "invalid_type", expected: "string", input: undefined, path: ["projectId"] },
      ...["string", "number", "int", "boolean", "date", "array", "object", "file"].map((expected) => ({
        code: "invalid_type",
        expected,
        input: 1,
        path: ["dueDate"],
      })),
      ...[
        ["string", 1],
        ["string", 64],
        ["array", 1],
        ["array", 50],
        ["file", 100],
        ["number", 10],
      ].flatMap(([origin, n]) => [
        { code: "too_big", origin, maximum: n, inclusive: true, path: ["name"] },
        { code: "too_small", origin, minimum: n, inclusive: true, path: ["name"] },
      ]),
      { code: "too_big", origin: "number", maximum: 5, inclusive: false, path: ["weight"] },
      { code: "too_small", origin: "number", minimum: 0, inclusive: false, path: ["weight"] },
      { code: "invalid_value", values: ["all"], path: ["filter"] },
      { code: "invalid_value", values: ["all", "free"], path: ["filter"] },
      { code: "invalid_format", format: "regex", path: ["token"] },
      { code: "invalid_format", format: "email", path: ["email"] },
      { code: "not_multiple_of", divisor: 0.01, path: ["amount"] },
      { code: "unrecognized_keys", keys: ["x"], path: [] },
      { code: "unrecognized_keys", keys: ["x", "y"], path: [] },
      { code: "invalid_union", path: ["answers", 0] },
      { code: "custom", path: [] },
    ];
    const sentences = issues.map((issue) => readableMessage(issue as never) as string);
    expect(sentences.filter((s) => !known(s))).toEqual([]);
  });

  it("the services' error sentences", () => {
    const sentences = serviceSentences();
    expect(sentences.size).toBeGreaterThan(100);
    const missing = [...sentences]
      .map(([s, file]) => `${file.split(path.sep).join("/")}: ${s}`)
      .filter((line) => !known(line.slice(line.indexOf(": ") + 2)) && !NOT_YET.has(line));
    expect(missing.sort()).toEqual([]);
    expect(EXAMPLES.filter((s) => !known(s))).toEqual([]);
    // The list of what remains English only shrinks: a sentence translated since leaves it.
    const stillRaised = new Set([...sentences].map(([s, file]) => `${file.split(path.sep).join("/")}: ${s}`));
    expect([...NOT_YET].filter((line) => !stillRaised.has(line) || known(line.slice(line.indexOf(": ") + 2)))).toEqual(
      [],
    );
  });
});
