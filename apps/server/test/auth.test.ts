import type { AuthResponse } from "@sitesnag/shared/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allKeys, countRows, expectError, expectFieldError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

let serial = 0;
const uniqueEmail = (prefix = "reg") => `${prefix}.${++serial}.${Date.now()}@example.com`;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ada",
  lastName: "Mason",
  email: uniqueEmail(),
  password: "scaffold-tower-7",
  ...overrides,
});

describe.each(DIALECTS)("POST /api/auth/register (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.request({ method: "POST", url: "/api/auth/register", payload: payload as object });

  it("creates a free user account with tokens and never returns a password or hash", async () => {
    const usersBefore = await countRows(t, "users");
    const res = await register(validBody({ email: "  Ada.Mason.Case@Example.COM " }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as AuthResponse;
    expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(body.user).toMatchObject({
      firstName: "Ada",
      lastName: "Mason",
      email: "ada.mason.case@example.com",
      role: "user",
      membership_type: "free",
    });
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(allKeys(body).filter((k) => /password|hash/i.test(k))).toEqual([]);
    expect(res.body).not.toContain("$argon2");
    expect(await countRows(t, "users")).toBe(usersBefore + 1);
    const stored = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", body.user.id).executeTakeFirst();
    expect(stored?.email).toBe("ada.mason.case@example.com");
    expect(stored?.password_hash).not.toContain("scaffold-tower-7");
  });

  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["firstName", { firstName: "   " }, "First name is required"],
    ["lastName", { lastName: undefined }, "Last name is required"],
    ["email", { email: "not-an-email" }, "Invalid email address"],
    ["email", { email: "" }, "Email is required"],
    ["password", { password: "abc12" }, "Password must be at least 6 characters"],
    ["password", { password: "x".repeat(129) }, "Password must be at most 128 characters"],
    ["password", { password: "password123" }, "This password is too common. Please choose a less guessable one."],
    ["password", { password: "Password123" }, "This password is too common. Please choose a less guessable one."],
  ])("refuses a bad %s (%o) with 400 and stores nothing", async (field, overrides, message) => {
    const usersBefore = await countRows(t, "users");
    const workspacesBefore = await countRows(t, "workspaces");
    expectFieldError(await register(validBody(overrides)), field, message);
    expect(await countRows(t, "users")).toBe(usersBefore);
    expect(await countRows(t, "workspaces")).toBe(workspacesBefore);
  });

  it("accepts a password of exactly 6 and of exactly 128 characters", async () => {
    expect((await register(validBody({ password: "kq7zvx" }))).statusCode).toBe(201);
    expect((await register(validBody({ password: `${"k".repeat(127)}7` }))).statusCode).toBe(201);
  });

  it("reports every invalid field in details", async () => {
    const res = await register({ firstName: "", lastName: "", email: "nope", password: "1" });
    expectError(res, 400);
    const { details } = res.json() as { details: Record<string, string[]> };
    expect(Object.keys(details).sort()).toEqual(["email", "firstName", "lastName", "password"]);
  });

  it.each([
    ["a missing body", undefined],
    ["wrong types", { firstName: 1, lastName: true, email: ["a@b.co"], password: { p: 1 } }],
    ["a JSON array", [1, 2, 3]],
    ["a JSON string", "junk"],
  ])("answers %s with 400, never 500, and stores nothing", async (_label, payload) => {
    const usersBefore = await countRows(t, "users");
    const res =
      payload === undefined
        ? await t.request({ method: "POST", url: "/api/auth/register" })
        : await t.request({
            method: "POST",
            url: "/api/auth/register",
            headers: { "content-type": "application/json" },
            payload: JSON.stringify(payload),
          });
    expectError(res, 400);
    expect(await countRows(t, "users")).toBe(usersBefore);
  });

  it("answers trailing junk after the JSON with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: `${JSON.stringify(validBody())}garbage`,
    });
    expectError(res, 400, "The request body is not valid JSON");
  });

  it("ignores extra fields: a sign-up cannot make itself admin or yearly", async () => {
    const res = await register(validBody({ role: "admin", membership_type: "yearly", workspaceId: "x" }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as AuthResponse;
    expect(user.role).toBe("user");
    expect(user.membership_type).toBe("free");
    expect(user.workspaceId).not.toBe("x");
  });

  it("refuses a duplicate email, in any case, with 409 and keeps one account", async () => {
    const email = uniqueEmail("dup");
    expect((await register(validBody({ email }))).statusCode).toBe(201);
    const usersBefore = await countRows(t, "users");
    expectError(await register(validBody({ email })), 409, "An account with this email already exists");
    expectError(await register(validBody({ email: email.toUpperCase() })), 409);
    expect(await countRows(t, "users")).toBe(usersBefore);
  });

  it("lets exactly one of two racing sign-ups for one address win, leaving no stray workspace", async () => {
    const email = uniqueEmail("race");
    const usersBefore = await countRows(t, "users");
    const workspacesBefore = await countRows(t, "workspaces");
    const answers = await Promise.all([register(validBody({ email })), register(validBody({ email }))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t, "users")).toBe(usersBefore + 1);
    expect(await countRows(t, "workspaces")).toBe(workspacesBefore + 1);
  });
});

describe.each(DIALECTS)("POST /api/auth/login (%s)", (kind) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    account = await signUp(t);
  });
  afterAll(() => t.close());

  const login = (payload: unknown) => t.request({ method: "POST", url: "/api/auth/login", payload: payload as object });

  it("signs in with {user, accessToken, refreshToken}, email in any case", async () => {
    const res = await login({ email: account.user.email.toUpperCase(), password: account.password });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AuthResponse;
    expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(body.user).toMatchObject({ id: account.user.id, email: account.user.email, role: "user" });
    expect(body.refreshToken).not.toBe(account.refreshToken);
    expect(allKeys(body).filter((k) => /password|hash/i.test(k))).toEqual([]);
  });

  it("answers a wrong password and an unknown email alike: 401 'Invalid email or password'", async () => {
    const tokensBefore = await countRows(t, "refresh_tokens");
    const wrong = await login({ email: account.user.email, password: "not-the-password" });
    const unknown = await login({ email: "nobody.here@example.com", password: account.password });
    expectError(wrong, 401, "Invalid email or password");
    expectError(unknown, 401, "Invalid email or password");
    expect(wrong.json()).toEqual(unknown.json());
    expect(await countRows(t, "refresh_tokens")).toBe(tokensBefore);
  });

  it.each([
    ["email", { password: "whatever1" }, "Email is required"],
    ["email", { email: "  ", password: "whatever1" }, "Email is required"],
    ["password", { email: "a@b.co" }, "Password is required"],
    ["password", { email: "a@b.co", password: "" }, "Password is required"],
  ])("refuses a missing %s with 400 (%o)", async (field, payload, message) => {
    expectFieldError(await login(payload), field, message);
  });

  it.each([
    ["password", { email: "a@b.co", password: "x".repeat(129) }, "Password must be at most 128 characters"],
    ["email", { email: `${"a".repeat(250)}@b.co`, password: "whatever1" }, "Email must be at most 254 characters"],
  ])("says a too-long %s is too long, not missing", async (field, payload, message) => {
    expectFieldError(await login(payload), field, message);
  });

  it.each(["refresh", "logout"])("says a too-long refresh token on /%s is too long", async (route) => {
    const res = await t.request({
      method: "POST",
      url: `/api/auth/${route}`,
      payload: { refreshToken: "r".repeat(2049) },
    });
    expectFieldError(res, "refreshToken", "Refresh token must be at most 2048 characters");
  });

  it("answers a missing body and wrong types with 400, never 500", async () => {
    expectError(await t.request({ method: "POST", url: "/api/auth/login" }), 400);
    expectError(await login({ email: 42, password: ["x"] }), 400);
  });
});
