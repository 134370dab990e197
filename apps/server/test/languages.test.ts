// Each person's language on the API (issue 35): `locale` in every user answer, set with PATCH
// /api/users/{id} (an unknown code reads English, without an error), and the server's sentences in
// it — error messages and per-field details for the signed-in user by their locale, before sign-in
// by Accept-Language — and the password-reset email in the account's language.
import type { User } from "@sitesnag/shared/auth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture";

describe.each(DIALECTS)("languages (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: "https://snag.example.com" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.ctx.mail.deliverDue();
    smtp.messages.length = 0;
  });

  const setLocale = (token: string, id: string, locale: unknown) =>
    t.request({ method: "PATCH", url: `/api/users/${id}`, token, payload: { locale } });

  it("answers `locale` in every user answer, English for an account made before it was chosen", async () => {
    const owner = await signUp(t);
    expect(owner.user.locale).toBe("en-GB");
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.user.email, password: "correct-horse-battery" },
    });
    expect(login.json<{ user: User }>().user.locale).toBe("en-GB");
    const me = await t.request({ method: "GET", url: "/api/users/me", token: owner.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: User }>().user).toEqual(owner.user);
    const list = await t.request({ method: "GET", url: "/api/users?scope=workspace", token: owner.accessToken });
    expect(list.json<{ users: { locale: string }[] }>().users.map((u) => u.locale)).toEqual(["en-GB"]);
  });

  it("registers a new account in the browser's language", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/register",
      headers: { "accept-language": "pl-PL,pl;q=0.9,en;q=0.5" },
      payload: {
        firstName: "Jan",
        lastName: "Kowalski",
        email: "jan.k@example.com",
        password: "correct-horse-battery",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ user: User }>().user.locale).toBe("pl");
  });

  it("sets the locale with PATCH, reads it back on every device, and falls back to English for an unknown code", async () => {
    const owner = await signUp(t);
    const patched = await setLocale(owner.accessToken, owner.user.id, "pl");
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ user: User }>().user).toEqual({ ...owner.user, locale: "pl" });
    const me = await t.request({ method: "GET", url: "/api/users/me", token: owner.accessToken });
    expect(me.json<{ user: User }>().user.locale).toBe("pl");

    // A region of a shipped language is that language; a language we do not ship is English.
    expect((await setLocale(owner.accessToken, owner.user.id, "pt-BR")).json<{ user: User }>().user.locale).toBe(
      "pt-PT",
    );
    const unknown = await setLocale(owner.accessToken, owner.user.id, "xx-YY");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<{ user: User }>().user.locale).toBe("en-GB");
    expect((await setLocale(owner.accessToken, owner.user.id, 7)).statusCode).toBe(400);

    // The profile form's fields still go together, with or without the language (then in Romanian).
    const profile = await t.request({
      method: "PATCH",
      url: `/api/users/${owner.user.id}`,
      token: owner.accessToken,
      payload: { firstName: "Ana", lastName: "Pop", email: owner.user.email, locale: "ro" },
    });
    expect(profile.json<{ user: User }>().user).toMatchObject({ firstName: "Ana", locale: "ro" });
    expectFieldError(
      await t.request({
        method: "PATCH",
        url: `/api/users/${owner.user.id}`,
        token: owner.accessToken,
        payload: { firstName: "Ana", locale: "ro" },
      }),
      "lastName",
      "Completează toate câmpurile",
    );
  });

  it("answers errors and field details in the signed-in user's language", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await setLocale(owner.accessToken, owner.user.id, "pl");
    // An error message of a service.
    expectError(await setLocale(owner.accessToken, other.user.id, "pl"), 403, "Możesz edytować tylko własny profil");
    // A schema's validation message, per field, with its number in the right Polish form.
    const short = await t.request({
      method: "PATCH",
      url: `/api/users/${owner.user.id}/password`,
      token: owner.accessToken,
      payload: { currentPassword: "correct-horse-battery", newPassword: "abc" },
    });
    expectFieldError(short, "newPassword", "Nowe hasło musi mieć co najmniej 6 znaków");
    // The user's choice wins over the browser's.
    const missing = await t.request({
      method: "PATCH",
      url: `/api/users/${owner.user.id}`,
      token: owner.accessToken,
      headers: { "accept-language": "es" },
      payload: { firstName: "", lastName: "X", email: owner.user.email },
    });
    expectFieldError(missing, "firstName", "Wypełnij wszystkie pola");
  });

  it("answers sign-in and password-reset screens by Accept-Language, English when it names nothing we ship", async () => {
    const login = (headers: Record<string, string>, payload: object) =>
      t.request({ method: "POST", url: "/api/auth/login", headers, payload });
    expectError(
      await login({ "accept-language": "pl" }, { email: "nobody@example.com", password: "wrong-password" }),
      401,
      "Nieprawidłowy e-mail lub hasło",
    );
    expectFieldError(
      await login({ "accept-language": "de, pl;q=0.8" }, { email: "", password: "x" }),
      "email",
      "E-mail jest wymagany",
    );
    expectError(
      await login({ "accept-language": "de-DE" }, { email: "nobody@example.com", password: "wrong-password" }),
      401,
      "Invalid email or password",
    );
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { "accept-language": "pl" },
      payload: { token: "x".repeat(43), password: "another-good-password" },
    });
    expectError(reset, 400, "Ten link do resetu hasła jest nieprawidłowy. Poproś o nowy.");
  });

  it("mails the password-reset link in the account's language", async () => {
    const owner = await signUp(t, { firstName: "Jan" });
    await setLocale(owner.accessToken, owner.user.id, "pl");
    const asked = await t.request({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { "accept-language": "en-GB" },
      payload: { email: owner.user.email },
    });
    expect(asked.statusCode).toBe(202);
    await t.ctx.mail.deliverDue();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] as (typeof smtp.messages)[number];
    expect(mail.parsed.subject).toBe("Zresetuj hasło do SiteSnag");
    expect(mail.parsed.text).toContain("Dzień dobry, Jan,");
    expect(mail.parsed.text).toContain("Otwórz ten link w ciągu godziny");
    expect(mail.parsed.text).not.toContain("Someone, hopefully you");
  });
});
