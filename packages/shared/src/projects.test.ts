import { describe, expect, it } from "vitest";
import { ProjectInputSchema } from "./projects";

const messagesFor = (input: unknown, field: string): string[] => {
  const result = ProjectInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
};

describe("ProjectInputSchema", () => {
  it("fills defaults: status active, optional text empty", () => {
    expect(ProjectInputSchema.parse({ name: "Block B" })).toEqual({
      name: "Block B",
      description: "",
      location: "",
      clientName: "",
      status: "active",
    });
  });

  it("trims every text field", () => {
    const parsed = ProjectInputSchema.parse({
      name: "  Block B ",
      description: " snag list ",
      location: "\tLeeds ",
      clientName: " Council ",
      status: "completed",
    });
    expect(parsed).toEqual({
      name: "Block B",
      description: "snag list",
      location: "Leeds",
      clientName: "Council",
      status: "completed",
    });
  });

  it.each(["active", "completed", "archived"])("accepts status %s", (status) => {
    expect(ProjectInputSchema.parse({ name: "P", status }).status).toBe(status);
  });

  it.each([
    [{}, "name", "Project name is required"],
    [{ name: "" }, "name", "Project name is required"],
    [{ name: "   " }, "name", "Project name is required"],
    [{ name: 12 }, "name", "Project name is required"],
    [{ name: "n".repeat(201) }, "name", "Project name must be at most 200 characters"],
    [{ name: "P", description: "d".repeat(5001) }, "description", "Description must be at most 5000 characters"],
    [{ name: "P", location: "l".repeat(301) }, "location", "Location must be at most 300 characters"],
    [{ name: "P", clientName: "c".repeat(201) }, "clientName", "Client name must be at most 200 characters"],
    [{ name: "P", status: "paused" }, "status", "Status must be active, completed or archived"],
    [{ name: "P", status: "Active" }, "status", "Status must be active, completed or archived"],
  ])("refuses %o with '%s'", (input, field, message) => {
    expect(messagesFor(input, field)).toEqual([message]);
  });

  it("measures limits after trimming", () => {
    expect(ProjectInputSchema.safeParse({ name: ` ${"n".repeat(200)} ` }).success).toBe(true);
  });
});

describe("control characters", () => {
  it("refuses NUL and other control characters in every text field, but keeps newlines and tabs", () => {
    for (const field of ["name", "description", "location", "clientName"]) {
      const result = ProjectInputSchema.safeParse({ name: "Ok", [field]: "bad\u0000value" });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Must not contain control characters");
    }
    expect(ProjectInputSchema.parse({ name: "Ok", description: "line one\nline two\ttabbed" }).description).toBe(
      "line one\nline two\ttabbed",
    );
  });
});
