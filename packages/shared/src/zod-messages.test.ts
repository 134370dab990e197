import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldName, installReadableZodMessages } from "./zod-messages";

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("readable zod messages", () => {
  beforeAll(() => installReadableZodMessages());

  it("names the field the way a person would", () => {
    expect(fieldName(["projectId"])).toBe("Project id");
    expect(fieldName(["membership_end_date"])).toBe("Membership end date");
    expect(fieldName(["items", 3, "data"])).toBe("Data");
    expect(fieldName([])).toBe("This value");
  });

  it.each([
    [
      z.object({ projectId: z.string().max(64) }),
      { projectId: "x".repeat(65) },
      "Project id must be at most 64 characters",
    ],
    [z.object({ pageSize: z.coerce.number().int().min(1) }), { pageSize: "0" }, "Page size must be at least 1"],
    [z.object({ pageSize: z.number().max(50) }), { pageSize: 51 }, "Page size must be at most 50"],
    [z.object({ ratio: z.number().lt(1) }), { ratio: 1 }, "Ratio must be less than 1"],
    [
      z.object({ membership: z.enum(["all", "free", "active"]) }),
      { membership: "yearly" },
      'Membership must be one of "all", "free", "active"',
    ],
    [z.object({ description: z.string() }), { description: null }, "Description must be text"],
    [z.object({ description: z.string() }), {}, "Description is required"],
    [z.object({ name: z.string().min(1) }), { name: "" }, "Name is required"],
    [z.object({ confirmMove: z.boolean() }), { confirmMove: "yes" }, "Confirm move must be true or false"],
    [z.object({ email: z.string() }), { email: ["a@b.co"] }, "Email must be text"],
    [z.object({ data: z.record(z.string(), z.unknown()) }), { data: "notobj" }, "Data must be an object"],
    [z.object({ tags: z.array(z.string()).max(2) }), { tags: ["a", "b", "c"] }, "Tags must be at most 2 items"],
    [z.object({ email: z.email() }), { email: "nope" }, "Email must be a valid email"],
    [z.object({ code: z.string().regex(/^\d+$/) }), { code: "x" }, "Code is not in the expected format"],
    [z.object({ amount: z.number().multipleOf(0.01) }), { amount: 1.001 }, "Amount must be a multiple of 0.01"],
    [z.strictObject({ a: z.string() }), { a: "x", b: 1 }, "Unknown field: b"],
    [z.object({ kind: z.literal("status") }), { kind: "x" }, 'Kind must be "status"'],
  ])("%#: %j → the sentence", (schema, input, expected) => {
    expect(messages(schema, input)).toEqual([expected]);
  });

  it("never replaces a message the schema gives", () => {
    expect(messages(z.object({ name: z.string().min(1, "Project name is required") }), { name: "" })).toEqual([
      "Project name is required",
    ]);
    expect(messages(z.object({ name: z.string({ error: "Name please" }) }), {})).toEqual(["Name please"]);
  });
});
