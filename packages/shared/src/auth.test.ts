import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LoginSchema, RefreshSchema, RegisterFormSchema, RegisterSchema, SignupFormSchema } from "./auth";

/** The messages a schema gives for `input`, keyed by field ("_" for the object itself). */
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

const signup = {
  firstName: "Ada",
  lastName: "Mason",
  email: "ada@example.com",
  password: "secret",
  confirmPassword: "secret",
};

describe("LoginSchema", () => {
  it("accepts an email and a password, trimming the email", () => {
    expect(LoginSchema.parse({ email: " a@b.co ", password: " p " })).toEqual({ email: "a@b.co", password: " p " });
  });

  it.each([
    [{ password: "p" }, "email", "Email is required"],
    [{ email: "   ", password: "p" }, "email", "Email is required"],
    [{ email: "a@b.co" }, "password", "Password is required"],
    [{ email: "a@b.co", password: "" }, "password", "Password is required"],
    [{ email: "a@b.co", password: "x".repeat(129) }, "password", "Password must be at most 128 characters"],
    [{ email: `${"a".repeat(250)}@b.co`, password: "p" }, "email", "Email must be at most 254 characters"],
  ])("refuses %o with '%s'", (input, field, message) => {
    expect(messages(LoginSchema, input)[field]).toEqual([message]);
  });

  it("does not check the email pattern (an unknown account is the server's answer)", () => {
    expect(LoginSchema.safeParse({ email: "not-an-email", password: "p" }).success).toBe(true);
  });
});

describe("SignupFormSchema (form A, /signup)", () => {
  it("accepts a complete form with a 6-character password", () => {
    expect(SignupFormSchema.safeParse(signup).success).toBe(true);
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ firstName: "  " }, "firstName", "First name is required"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "ada@example" }, "email", "Invalid email address"],
    [{ email: "ada example.com" }, "email", "Invalid email address"],
    [{ password: "five5", confirmPassword: "five5" }, "password", "Password must be at least 6 characters"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "secreT" }, "confirmPassword", "Passwords do not match"],
  ])("refuses %o with '%s'", (overrides, field, message) => {
    expect(messages(SignupFormSchema, { ...signup, ...overrides })[field]).toContain(message);
  });

  it("refuses a password over 128 characters", () => {
    const long = "p".repeat(129);
    expect(messages(SignupFormSchema, { ...signup, password: long, confirmPassword: long }).password).toEqual([
      "Password must be at most 128 characters",
    ]);
  });
});

describe("RegisterFormSchema (form B, /register)", () => {
  const form = { ...signup, password: "eight888", confirmPassword: "eight888" };

  it("accepts 8 characters and does not check the email pattern", () => {
    expect(RegisterFormSchema.safeParse(form).success).toBe(true);
    expect(RegisterFormSchema.safeParse({ ...form, email: "ada-at-example" }).success).toBe(true);
  });

  it.each([
    [{ password: "seven77", confirmPassword: "seven77" }, "password", "Password must be at least 8 characters"],
    [{ password: "", confirmPassword: "" }, "password", "Password is required"],
    [{ email: " " }, "email", "Email is required"],
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "eight889" }, "confirmPassword", "Passwords do not match"],
  ])("refuses %o with '%s'", (overrides, field, message) => {
    expect(messages(RegisterFormSchema, { ...form, ...overrides })[field]).toContain(message);
  });
});

describe("RegisterSchema (the server's register body)", () => {
  const body = { firstName: "Ada", lastName: "Mason", email: "ada@example.com", password: "secret" };

  it("accepts 6 to 128 characters and needs no confirmation", () => {
    expect(RegisterSchema.safeParse(body).success).toBe(true);
    expect(RegisterSchema.safeParse({ ...body, password: "p".repeat(128) }).success).toBe(true);
    expect(messages(RegisterSchema, { ...body, password: "p".repeat(129) }).password).toEqual([
      "Password must be at most 128 characters",
    ]);
  });

  it("uses the required messages for missing or mistyped fields", () => {
    expect(messages(RegisterSchema, {})).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
    });
    expect(messages(RegisterSchema, { ...body, firstName: 7 }).firstName).toEqual(["First name is required"]);
  });

  it("trims names and email but not the password", () => {
    const parsed = RegisterSchema.parse({
      ...body,
      firstName: " Ada ",
      email: " ada@example.com ",
      password: " secret ",
    });
    expect(parsed).toMatchObject({ firstName: "Ada", email: "ada@example.com", password: " secret " });
  });

  it("limits names to 100 characters", () => {
    expect(messages(RegisterSchema, { ...body, lastName: "m".repeat(101) }).lastName).toEqual([
      "Last name must be at most 100 characters",
    ]);
  });
});

describe("RefreshSchema", () => {
  it("needs a refresh token", () => {
    expect(messages(RefreshSchema, {}).refreshToken).toEqual(["Refresh token is required"]);
    expect(messages(RefreshSchema, { refreshToken: "" }).refreshToken).toEqual(["Refresh token is required"]);
    expect(RefreshSchema.safeParse({ refreshToken: "abc" }).success).toBe(true);
  });

  it("says a too-long token is too long", () => {
    expect(messages(RefreshSchema, { refreshToken: "r".repeat(2049) }).refreshToken).toEqual([
      "Refresh token must be at most 2048 characters",
    ]);
  });
});
