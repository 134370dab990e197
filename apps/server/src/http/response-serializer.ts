// Answers whose route declares a response schema (the hot lists: projects, snagging, health) are
// written by fast-json-stringify from the JSON Schema of the route's zod schema, generated once
// when the route is registered: one schema per answer, the same one the client imports from
// @sitesnag/shared. Guarantees: only the schema's fields are sent (a row's other columns can never
// leak into the answer), and a required field that is missing fails the request (500) instead of
// being sent without it. Routes without a response schema answer with JSON.stringify as before.
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

/**
 * No names: the shapes the OpenAPI document names as components (`.meta({ id })`, zod's global
 * registry) are written inline here, so naming one never changes how an answer is serialised.
 */
const UNNAMED = z.registry<{ id?: string }>();

/** The JSON Schema fast-json-stringify compiles: the answer's output shape, strict objects. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  // `unrepresentable: "throw"`: a type JSON Schema cannot express fails at start-up, not in a reply.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: "draft-07",
    io: "output",
    unrepresentable: "throw",
    metadata: UNNAMED,
  });
  return json;
}

export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(responseJsonSchema(schema));
