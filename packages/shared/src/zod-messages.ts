// Sentences for the checks a schema leaves without a message of its own. zod's defaults ("Too big:
// expected string to have <=64 characters", "Invalid option: expected one of \"all\"|\"free\"") reach
// the API's `message`, which DESIGN §4 wants a human sentence fit for the toast. A message written in
// a schema always wins: zod asks this map only for checks without one.
import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";

type Issue = $ZodRawIssue;

/** "projectId" → "Project id", "membership_end_date" → "Membership end date"; array indexes skipped. */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((segment) => typeof segment === "string");
  if (typeof last !== "string" || last === "") return "This value";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  date: "a date",
  array: "a list",
  tuple: "a list",
  object: "an object",
  record: "an object",
  map: "an object",
  set: "a list",
  file: "a file",
};

const quoted = (values: readonly unknown[]) => values.map((v) => (typeof v === "string" ? `"${v}"` : String(v)));

function sizeLimit(issue: { origin?: string; inclusive?: boolean }, limit: unknown, side: "most" | "least"): string {
  const n = typeof limit === "bigint" ? limit.toString() : String(limit);
  switch (issue.origin) {
    case "string":
      return `at ${side} ${n} character${n === "1" ? "" : "s"}`;
    case "array":
    case "set":
      return `at ${side} ${n} item${n === "1" ? "" : "s"}`;
    case "file":
      return `at ${side} ${n} bytes`;
    default:
      if (issue.inclusive === false) return `${side === "most" ? "less" : "more"} than ${n}`;
      return `at ${side} ${n}`;
  }
}

/** The sentence for one issue without a schema message (undefined: keep zod's). */
export function readableMessage(issue: Issue): string | undefined {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case "too_big":
      return `${field} must be ${sizeLimit(issue, issue.maximum, "most")}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `${field} is required`;
      return `${field} must be ${sizeLimit(issue, issue.minimum, "least")}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `${field} must be ${quoted(issue.values)[0]}`
        : `${field} must be one of ${quoted(issue.values).join(", ")}`;
    case "invalid_format":
      return issue.format === "regex"
        ? `${field} is not in the expected format`
        : `${field} must be a valid ${issue.format}`;
    case "not_multiple_of":
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return `${field} is not valid`;
    default:
      return undefined;
  }
}

/** Makes readableMessage the default for every schema parsed in this process (idempotent). */
export function installReadableZodMessages(): void {
  z.config({ customError: readableMessage });
}
