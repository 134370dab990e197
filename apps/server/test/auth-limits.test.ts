import type { AuthResponse } from "@sitesnag/shared/auth";
import { DEMO_EMAIL, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensurePlatformAdmin } from "../src/auth/auth.service";
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from "../src/auth/sign-in-throttle";
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

describe.each(DIALECTS)("guessing is bounded, and the owner still signs in (%s)", (kind) => {
  let t: TestApp;
  // The production default per-IP limit, which the attacks below must not need to exceed.
  beforeEach(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: "20" });
  });
  afterEach(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.request({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });
  const statuses = async (requests: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(requests)).map((r) => r.statusCode);
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it("lets the owner in after ten wrong passwords from ten addresses", async () => {
    const owner = await signUp(t);
    for (const i of range(10)) expectError(await login(owner.user.email, "wrong-guess", `192.0.2.${i}`), 401);
    expect((await login(owner.user.email, owner.password, "198.51.100.77")).statusCode).toBe(200);
    // Also from one of the attacking addresses: ten addresses with one failure each block none.
    expect((await login(owner.user.email, owner.password, "192.0.2.3")).statusCode).toBe(200);
  });

  it("lets the owner in after ten racing registrations of their address", async () => {
    const owner = await signUp(t);
    const registrations = range(10).map((i) =>
      t.request({
        method: "POST",
        url: "/api/auth/register",
        payload: { firstName: "Eve", lastName: "X", email: owner.user.email, password: "another-pass-99" },
        remoteAddress: `192.0.2.${i}`,
      }),
    );
    // Each is refused (409, or 429 once the address's own registration limit is spent)...
    for (const status of await statuses(registrations)) expect([409, 429]).toContain(status);
    // ...and none of them counts against signing in.
    expect((await login(owner.user.email, owner.password, "198.51.100.77")).statusCode).toBe(200);
  });

  it(`stops one address after ${ADDRESS_FAILURES} failures on one account, parallel or not, without the password check`, async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const guesses = range(ADDRESS_FAILURES + 5).map(() => login(owner.user.email, "wrong-guess", "203.0.113.50"));
    const answers = await statuses(guesses);
    expect(answers.filter((s) => s === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(answers.filter((s) => s === 429)).toHaveLength(5);
    // The right password from that address is refused too (no oracle), with a Retry-After.
    const refused = await login(owner.user.email, owner.password, "203.0.113.50");
    expectError(refused, 429);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    // The owner from elsewhere, and another account from the same address, are unaffected.
    expect((await login(owner.user.email, owner.password, "198.51.100.77")).statusCode).toBe(200);
    expect((await login(other.user.email, other.password, "203.0.113.50")).statusCode).toBe(200);
  });

  it("counts only failures: a success clears its address's count", async () => {
    await t.close();
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
    const owner = await signUp(t);
    const address = "203.0.113.60";
    for (const _ of range(ADDRESS_FAILURES - 1)) expectError(await login(owner.user.email, "typo-typo", address), 401);
    expect((await login(owner.user.email, owner.password, address)).statusCode).toBe(200);
    for (const _ of range(ADDRESS_FAILURES - 1)) expectError(await login(owner.user.email, "typo-typo", address), 401);
    expect((await login(owner.user.email, owner.password, address)).statusCode).toBe(200);
    // Successes never count: many in a row stay 200.
    for (const _ of range(ADDRESS_FAILURES + 2)) {
      expect((await login(owner.user.email, owner.password, address)).statusCode).toBe(200);
    }
  });

  it(`caps distributed guessing at ${ACCOUNT_FAILURES} failures per account, except from the owner's known address`, async () => {
    const owner = await signUp(t);
    const home = "198.51.100.10";
    expect((await login(owner.user.email, owner.password, home)).statusCode).toBe(200);
    const attack = range(ACCOUNT_FAILURES).map((i) =>
      login(owner.user.email, "wrong-guess", `10.0.${i >> 8}.${i & 255}`),
    );
    expect(await statuses(attack)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    // A new address is refused even with the right password: the ceiling is spent.
    expectError(await login(owner.user.email, owner.password, "198.51.100.200"), 429);
    expectError(await login(owner.user.email, "wrong-guess", "10.9.9.9"), 429);
    // The owner's address, which signed in before the attack, still gets in.
    expect((await login(owner.user.email, owner.password, home)).statusCode).toBe(200);
  });

  it("counts unknown accounts like known ones, so the answer reveals nothing", async () => {
    const guesses = range(ADDRESS_FAILURES + 1).map(() =>
      login("nobody.here@example.com", "wrong-guess", "203.0.113.70"),
    );
    const answers = await statuses(guesses);
    expect(answers.filter((s) => s === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
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
