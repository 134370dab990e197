import type { AuthResponse } from "@sitesnag/shared/auth";
import { DEMO_EMAIL, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensurePlatformAdmin } from "../src/auth/auth.service";
import { countRows, expectError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

describe.each(DIALECTS)("rate limits on sign-in (%s)", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (email: string, password: string, remoteAddress = "203.0.113.7") =>
    t.request({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("answers the 4th login attempt in a minute from one IP with 429, even with the right password", async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: "3" });
    const account = await signUp(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(await login(account.user.email, "wrong-password"), 401);
    }
    const limited = await login(account.user.email, account.password);
    expectError(limited, 429, TOO_MANY);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    // Another address is counted separately.
    expect((await login(account.user.email, account.password, "198.51.100.9")).statusCode).toBe(200);
  });

  it("limits attempts on one account even when they come from many IPs", async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: "3" });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      statuses.push((await login("target@example.com", "guess-password", `192.0.2.${attempt}`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // A different account from a fresh address is unaffected.
    const other = await signUp(t);
    expect((await login(other.user.email, other.password, "192.0.2.200")).statusCode).toBe(200);
  });

  it("does not cap the public demo credentials per account: each visitor's IP limit applies instead", async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: "3" });
    const statuses: number[] = [];
    for (let visitor = 1; visitor <= 12; visitor += 1) {
      statuses.push((await login(DEMO_EMAIL, DEMO_PASSWORD, `198.51.100.${visitor}`)).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(200));
    const sameVisitor = [2, 3, 4].map(() => login(DEMO_EMAIL, DEMO_PASSWORD, "198.51.100.1"));
    expect((await Promise.all(sameVisitor)).map((r) => r.statusCode)).toContain(429);
  });
});

describe.each(DIALECTS)("platform admin bootstrap (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    t.request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  const usersWithEmail = (email: string) =>
    t.ctx.db.selectFrom("users").selectAll().where("email", "=", email).execute();

  it("creates the admin once: a second call changes nothing, and the admin can log in", async () => {
    const usersBefore = await countRows(t, "users");
    await ensurePlatformAdmin(t.ctx, "Boss@Example.com", "admin-pass-1234");
    const [created] = await usersWithEmail("boss@example.com");
    await ensurePlatformAdmin(t.ctx, "boss@example.com", "admin-pass-1234");
    const after = await usersWithEmail("boss@example.com");
    expect(await countRows(t, "users")).toBe(usersBefore + 1);
    expect(after).toEqual([created]);
    const res = await login("boss@example.com", "admin-pass-1234");
    expect(res.statusCode).toBe(200);
    expect((res.json() as AuthResponse).user.role).toBe("admin");
  });

  it("promotes an existing account and sets the configured password", async () => {
    const account = await signUp(t);
    expect(account.user.role).toBe("user");
    await ensurePlatformAdmin(t.ctx, account.user.email, "new-admin-pass-99");
    expect(await usersWithEmail(account.user.email)).toHaveLength(1);
    expectError(await login(account.user.email, account.password), 401);
    const res = await login(account.user.email, "new-admin-pass-99");
    expect(res.statusCode).toBe(200);
    expect((res.json() as AuthResponse).user).toMatchObject({ id: account.user.id, role: "admin" });
  });
});
