import type { User } from "@sitesnag/shared/auth";
import type { AdminUser, Member } from "@sitesnag/shared/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL_FIXED } from "../src/users/users.service";
import { allKeys, expectError, expectFieldError } from "./assertions";
import { demoLogin, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("users (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("GET /api/users answers a member with their workspace's members only, no membership fields", async () => {
    const a = await signUp(t, { firstName: "Ann" });
    await signUp(t, { firstName: "Other" });
    const res = await t.request({ method: "GET", url: "/api/users", token: a.accessToken });
    expect(res.statusCode).toBe(200);
    const { users } = res.json() as { users: Member[] };
    expect(users).toEqual([
      {
        id: a.user.id,
        firstName: "Ann",
        lastName: "Builder",
        email: a.user.email,
        role: "user",
        workspaceRole: "owner",
        locale: "en-GB",
      },
    ]);
    expect(allKeys(res.json())).not.toContain("membership_type");
    expect(allKeys(res.json())).not.toContain("password_hash");
  });

  it("GET /api/users answers an admin with every user, snake_case names and membership, paged and searchable", async () => {
    const admin = await signInAdmin(t);
    const target = await signUp(t, { firstName: "Zebedee", lastName: "Quill_%" });
    const res = await t.request({ method: "GET", url: "/api/users?pageSize=2", token: admin.accessToken });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { users: AdminUser[]; total: number; page: number; pageSize: number };
    expect(page.users).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    // Newest first: the last sign-up leads.
    expect(page.users[0]).toMatchObject({
      id: target.user.id,
      first_name: "Zebedee",
      last_name: "Quill_%",
      firstName: "Zebedee",
      membership_type: "free",
      membership_start_date: null,
      membership_end_date: null,
      membership_amount: 0,
      created_at: expect.any(Number),
    });
    const search = await t.request({ method: "GET", url: "/api/users?search=quill_%25", token: admin.accessToken });
    expect((search.json() as { users: AdminUser[] }).users.map((u) => u.id)).toEqual([target.user.id]);
    const wildcard = await t.request({ method: "GET", url: "/api/users?search=%25", token: admin.accessToken });
    expect((wildcard.json() as { total: number }).total).toBe(1);
    const mine = await t.request({ method: "GET", url: "/api/users?scope=workspace", token: admin.accessToken });
    expect((mine.json() as { users: Member[] }).users.map((u) => u.id)).toEqual([admin.user.id]);
    expect(allKeys(res.json())).not.toContain("password_hash");
  });

  it("filters the admin list by membership status", async () => {
    const admin = await signInAdmin(t);
    const yearly = await signUp(t);
    const now = Math.floor(Date.now() / 1000);
    const edit = await t.request({
      method: "PATCH",
      url: `/api/users/${yearly.user.id}/membership`,
      token: admin.accessToken,
      payload: {
        membership_type: "yearly",
        membership_start_date: now,
        membership_end_date: now + 86_400,
        membership_amount: 120.5,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      user: { id: yearly.user.id, membership_type: "yearly", membership_amount: 120.5 },
    });
    const active = await t.request({ method: "GET", url: "/api/users?membership=active", token: admin.accessToken });
    expect((active.json() as { users: AdminUser[] }).users.map((u) => u.id)).toEqual([yearly.user.id]);
    const expired = await t.request({ method: "GET", url: "/api/users?membership=expired", token: admin.accessToken });
    expect((expired.json() as { total: number }).total).toBe(0);
  });

  it("PATCH /api/users/{id}/membership validates the amount and refuses members", async () => {
    const admin = await signInAdmin(t);
    const member = await signUp(t);
    const url = `/api/users/${member.user.id}/membership`;
    const base = { membership_type: "yearly", membership_start_date: null, membership_end_date: null };
    expectFieldError(
      await t.request({ method: "PATCH", url, token: admin.accessToken, payload: { ...base, membership_amount: -1 } }),
      "membership_amount",
      "Amount must be at least 0",
    );
    expectFieldError(
      await t.request({
        method: "PATCH",
        url,
        token: admin.accessToken,
        payload: { ...base, membership_amount: 1.005 },
      }),
      "membership_amount",
      "Amount must be in steps of 0.01",
    );
    expectError(
      await t.request({ method: "PATCH", url, token: member.accessToken, payload: { ...base, membership_amount: 0 } }),
      403,
    );
    expectError(
      await t.request({
        method: "PATCH",
        url: "/api/users/00000000-0000-7000-8000-000000000000/membership",
        token: admin.accessToken,
        payload: { ...base, membership_amount: 0 },
      }),
      404,
    );
  });

  it("PATCH /api/users/{id} edits the caller's own profile; another's is 403; a taken email is 409", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await t.request({
      method: "PATCH",
      url: `/api/users/${a.user.id}`,
      token: a.accessToken,
      payload: { firstName: " Alice ", lastName: "Mason", email: "Alice.Mason@Example.com" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: User }).user).toMatchObject({
      firstName: "Alice",
      lastName: "Mason",
      email: "alice.mason@example.com",
    });
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "alice.mason@example.com", password: a.password },
    });
    expect(login.statusCode).toBe(200);
    expectError(
      await t.request({
        method: "PATCH",
        url: `/api/users/${a.user.id}`,
        token: a.accessToken,
        payload: { firstName: "A", lastName: "M", email: b.user.email },
      }),
      409,
      "An account with this email already exists",
    );
    expectError(
      await t.request({
        method: "PATCH",
        url: `/api/users/${b.user.id}`,
        token: a.accessToken,
        payload: { firstName: "Hijack", lastName: "M", email: "hijack@example.com" },
      }),
      403,
    );
    expectFieldError(
      await t.request({
        method: "PATCH",
        url: `/api/users/${a.user.id}`,
        token: a.accessToken,
        payload: { firstName: "", lastName: "M", email: "a@b.co" },
      }),
      "firstName",
      "Please fill in all fields",
    );
  });

  it("a demo account may rename itself but keeps its demo email, so it cannot hold someone's address", async () => {
    const demo = await demoLogin(t);
    const patch = (email: string) =>
      t.request({
        method: "PATCH",
        url: `/api/users/${demo.user.id}`,
        token: demo.accessToken,
        payload: { firstName: "Dee", lastName: "Mo", email },
      });
    expectError(await patch("victim-real@example.com"), 403, DEMO_EMAIL_FIXED);
    const register = await t.request({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        firstName: "Vic",
        lastName: "Tim",
        email: "victim-real@example.com",
        password: "correct-horse-battery",
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    const renamed = await patch(demo.user.email);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as { user: User }).user).toMatchObject({ firstName: "Dee", email: demo.user.email });
  });

  it("PATCH /api/users/{id}/password checks the current password and signs other sessions out", async () => {
    const a = await signUp(t);
    const other = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: a.user.email, password: a.password },
    });
    const otherSession = other.json() as { refreshToken: string; accessToken: string };
    const url = `/api/users/${a.user.id}/password`;
    expectFieldError(
      await t.request({
        method: "PATCH",
        url,
        token: a.accessToken,
        payload: { currentPassword: "wrong-password", newPassword: "new-password-1" },
      }),
      "currentPassword",
      "Current password is incorrect",
    );
    expectFieldError(
      await t.request({
        method: "PATCH",
        url,
        token: a.accessToken,
        payload: { currentPassword: a.password, newPassword: "short" },
      }),
      "newPassword",
      "New password must be at least 6 characters",
    );
    const ok = await t.request({
      method: "PATCH",
      url,
      token: a.accessToken,
      payload: { currentPassword: a.password, newPassword: "new-password-1" },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    // The other session's access token ends at once; this session's keeps working.
    expectError(await t.request({ method: "GET", url: "/api/projects", token: otherSession.accessToken }), 401);
    expect((await t.request({ method: "GET", url: "/api/projects", token: a.accessToken })).statusCode).toBe(200);
    const refresh = (refreshToken: string) =>
      t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
    expectError(await refresh(otherSession.refreshToken), 401);
    const old = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: a.user.email, password: a.password },
    });
    expectError(old, 401);
    const fresh = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: a.user.email, password: "new-password-1" },
    });
    expect(fresh.statusCode).toBe(200);
    const b = await signUp(t);
    expectError(
      await t.request({
        method: "PATCH",
        url: `/api/users/${b.user.id}/password`,
        token: a.accessToken,
        payload: { currentPassword: b.password, newPassword: "new-password-2" },
      }),
      403,
    );
  });
});
