import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ReportCreateSchema, ReportPatchSchema, ReportStatusSchema } from "./snagging";

function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const projectId = "0190f5c4-1111-7000-8000-000000000001";

describe("ReportCreateSchema", () => {
  it("fills defaults: category other, status open, optional fields null", () => {
    expect(ReportCreateSchema.parse({ projectId, priority: "high" })).toEqual({
      projectId,
      title: undefined,
      description: "",
      category: "other",
      priority: "high",
      status: "open",
      assignedTo: null,
      dueDate: null,
      pageUrl: null,
      locationLat: null,
      locationLng: null,
    });
  });

  it("reads multipart strings: numbers parsed, blanks as not given", () => {
    const parsed = ReportCreateSchema.parse({
      projectId,
      priority: "low",
      title: "",
      assignedTo: "",
      dueDate: "1767225600",
      locationLat: "51.507351",
      locationLng: "-0.127758",
      pageUrl: "",
    });
    expect(parsed).toMatchObject({
      title: undefined,
      assignedTo: null,
      dueDate: 1767225600,
      locationLat: 51.507351,
      locationLng: -0.127758,
      pageUrl: null,
    });
  });

  it.each([
    [{}, "projectId", "Project is required"],
    [{ projectId: "  " }, "projectId", "Project is required"],
    [{ projectId }, "priority", "Priority is required"],
    [{ projectId, priority: "urgent" }, "priority", "Priority is required"],
    [{ projectId, priority: "low", dueDate: "tomorrow" }, "dueDate", "Due date must be a date"],
    [{ projectId, priority: "low", dueDate: 1.5 }, "dueDate", "Due date must be a date"],
    [
      { projectId, priority: "low", locationLat: "91", locationLng: "0" },
      "locationLat",
      "Latitude must be a number from -90 to 90",
    ],
    [
      { projectId, priority: "low", locationLat: "0", locationLng: "-180.5" },
      "locationLng",
      "Longitude must be a number from -180 to 180",
    ],
    [
      { projectId, priority: "low", locationLat: "1e3", locationLng: "0" },
      "locationLat",
      "Latitude must be a number from -90 to 90",
    ],
    [{ projectId, priority: "low", locationLat: 10 }, "locationLng", "Latitude and longitude must be given together"],
    [{ projectId, priority: "low", pageUrl: "javascript:alert(1)" }, "pageUrl", "Page URL must be a web address"],
    [{ projectId, priority: "low", pageUrl: "//evil.example" }, "pageUrl", "Page URL must be a web address"],
    [{ projectId, priority: "low", description: "a\u0000b" }, "description", "Must not contain control characters"],
    [
      { projectId, priority: "low", category: "Misc Trade!" },
      "category",
      "Category must be one of your workspace's trades",
    ],
  ])("refuses %o with '%s'", (input, field, message) => {
    expect(messages(ReportCreateSchema, input)[field]).toContain(message);
  });

  it("never refuses a title: an invalid one is the server's to replace", () => {
    for (const title of ["x".repeat(500), "bad\u0000title", 42, null, ["SNAG-20250101-1234"]]) {
      expect(ReportCreateSchema.safeParse({ projectId, priority: "low", title }).success, String(title)).toBe(true);
    }
  });

  it("accepts same-origin paths and http(s) page URLs", () => {
    for (const pageUrl of ["/app/snagging/new", "https://sitesnag.app/app", "HTTP://x.y"]) {
      expect(ReportCreateSchema.safeParse({ projectId, priority: "low", pageUrl }).success, pageUrl).toBe(true);
    }
  });
});

describe("ReportStatusSchema and ReportPatchSchema", () => {
  it("accepts a status alone", () => {
    expect(ReportStatusSchema.parse({ status: "in-progress" })).toEqual({ status: "in-progress" });
    expect(ReportPatchSchema.parse({ status: "closed" })).toMatchObject({ status: "closed" });
    expect(messages(ReportStatusSchema, { status: "done" }).status).toEqual([
      "Status must be open, in-progress, resolved or closed",
    ]);
  });

  it("accepts edit fields, clearing the assignee and due date with null", () => {
    expect(ReportPatchSchema.parse({ priority: "critical", assignedTo: null, dueDate: null })).toMatchObject({
      priority: "critical",
      assignedTo: null,
      dueDate: null,
    });
  });

  it("refuses a lone coordinate and a bad priority", () => {
    expect(messages(ReportPatchSchema, { locationLat: 1 }).locationLng).toEqual([
      "Latitude and longitude must be given together",
    ]);
    expect(messages(ReportPatchSchema, { priority: "soon" }).priority).toEqual([
      "Priority must be low, medium, high or critical",
    ]);
  });
});
