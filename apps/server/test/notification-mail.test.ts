// Notification mail end to end over HTTP and a real SMTP server (issue 26): instant mail by the
// recipient's choice per kind, the daily digest at its hour in the person's time zone with its
// content, and one-click unsubscribe without signing in.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { MailPreferences } from "@sitesnag/shared/notification-mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailNewNotifications, sendDueDigests } from "../src/notification-mail/notification-mail.jobs";
import { UNSUBSCRIBE_INVALID } from "../src/notification-mail/notification-mail.service";
import { expectError, expectFieldError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { type CapturedMail, headerBlock, linkIn, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const PUBLIC_URL = "https://snag.example.com";
const DAY = 24 * 60 * 60;
/** 2026-11-25 12:30 UTC: 07:30 in New York (EST), 12:30 in London. */
const NY_SEVEN_THIRTY = Date.UTC(2026, 10, 25, 12, 30) / 1000;

describe.each(DIALECTS)("notification mail (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let owner: AuthResponse;
  let mate: AuthResponse;
  let projectId: string;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL });
    owner = await signUp(t, { firstName: "Olga", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
      payload: {
        firstName: "Tess",
        lastName: "Mate",
        email: `tess.${Date.now()}@example.com`,
        password: "teammate-pass-1",
      },
    });
    mate = joined.json() as AuthResponse;
    projectId = (await createProject(t, owner.accessToken)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const report = async (overrides: Parameters<typeof insertReport>[2] = {}) =>
    insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id }, overrides);
  const patch = (token: string, id: string, payload: object) =>
    t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, payload });
  const preferences = async (token: string) =>
    (await t.request({ method: "GET", url: "/api/mail/preferences", token })).json() as MailPreferences;
  const deliver = async () => {
    await mailNewNotifications(t.ctx);
    await t.ctx.mail.deliverDue();
  };
  /** A header as sent (mailparser folds List-* headers into an object). */
  const header = (mail: CapturedMail | undefined, name: string) => {
    const unfolded = headerBlock(mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
    const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line ? line.slice(name.length + 1).trim() : "";
  };

  it("starts from the defaults: assignments and fixes awaiting verification instant, the rest in the digest", async () => {
    expect(await preferences(mate.accessToken)).toEqual({
      timeZone: "UTC",
      preferences: {
        assigned: "instant",
        status: "digest",
        mention: "digest",
        fix_awaiting_verification: "instant",
        fix_accepted: "digest",
        fix_rejected: "digest",
        due: "digest",
      },
    });
  });

  it("mails an assignment at once, naming the reference with its link and a one-click unsubscribe", async () => {
    const r = await report();
    expect((await patch(owner.accessToken, String(r.id), { assignedTo: mate.user.id })).statusCode).toBe(200);
    await deliver();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    expect(mail?.envelopeTo).toEqual([mate.user.email]);
    expect(mail?.parsed.subject).toBe(`${r.title}: Olga Owner assigned you ${r.title}`);
    expect(linkIn(mail as CapturedMail, `${PUBLIC_URL}/app/snagging/`)).toBe(`${PUBLIC_URL}/app/snagging/${r.id}`);
    expect(mail?.parsed.text).toContain("“Assigned to me” is set to instant email");
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail, "list-unsubscribe")).toMatch(/^<https:\/\/snag\.example\.com\/api\/mail\/unsubscribe\?token=/);
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);

    // The status change goes to the report's author, in the digest by default: nothing now.
    expect((await patch(mate.accessToken, String(r.id), { status: "in-progress" })).statusCode).toBe(200);
    await deliver();
    expect(smtp.messages).toHaveLength(1);
  });

  it("follows the person's choice: a kind set to instant mails, off sends nothing", async () => {
    const saved = await t.request({
      method: "PUT",
      url: "/api/mail/preferences",
      token: owner.accessToken,
      payload: { timeZone: "Europe/London", preferences: { status: "instant" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      timeZone: "Europe/London",
      preferences: {
        assigned: "instant",
        status: "instant",
        mention: "digest",
        fix_awaiting_verification: "instant",
        fix_accepted: "digest",
        fix_rejected: "digest",
        due: "digest",
      },
    });
    const r = await report({ assigned_to: mate.user.id });
    expect((await patch(mate.accessToken, String(r.id), { status: "resolved" })).statusCode).toBe(200);
    await deliver();
    expect(smtp.messages.map((m) => [m.envelopeTo[0], m.parsed.subject])).toEqual([
      [owner.user.email, `${r.title}: Tess Mate changed ${r.title} to Resolved`],
    ]);

    await t.request({
      method: "PUT",
      url: "/api/mail/preferences",
      token: owner.accessToken,
      payload: { timeZone: "Europe/London", preferences: { status: "off" } },
    });
    expect((await patch(mate.accessToken, String(r.id), { status: "closed" })).statusCode).toBe(200);
    await deliver();
    expect(smtp.messages).toHaveLength(1);
    // Back to the digest for the next test.
    await t.request({
      method: "PUT",
      url: "/api/mail/preferences",
      token: owner.accessToken,
      payload: { timeZone: "America/New_York", preferences: { status: "digest" } },
    });
  });

  it("mails a mention in a comment at once when the person chose instant mail for mentions", async () => {
    const saved = await t.request({
      method: "PUT",
      url: "/api/mail/preferences",
      token: mate.accessToken,
      payload: { timeZone: "UTC", preferences: { mention: "instant" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await report();
    const comment = await t.request({
      method: "POST",
      url: `/api/snagging/${r.id}/comments`,
      token: owner.accessToken,
      payload: { body: "@Tess Mate please check the grout", mentions: [mate.user.id] },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    await deliver();
    expect(smtp.messages.map((m) => [m.envelopeTo[0], m.parsed.subject])).toEqual([
      [mate.user.email, `${r.title}: Olga Owner mentioned you in a comment on ${r.title}`],
    ]);
    expect(linkIn(smtp.messages[0] as CapturedMail, `${PUBLIC_URL}/app/snagging/`)).toBe(
      `${PUBLIC_URL}/app/snagging/${r.id}`,
    );
    expect(smtp.messages[0]?.parsed.text).toContain("“Mentions” is set to instant email");
    await t.request({
      method: "PUT",
      url: "/api/mail/preferences",
      token: mate.accessToken,
      payload: { timeZone: "UTC", preferences: { mention: "digest" } },
    });
  });

  it("refuses preferences that make no sense, changing nothing", async () => {
    const before = await preferences(mate.accessToken);
    const put = (payload: object) =>
      t.request({ method: "PUT", url: "/api/mail/preferences", token: mate.accessToken, payload });
    expectFieldError(
      await put({ timeZone: "Mars/Olympus", preferences: {} }),
      "timeZone",
      "Choose a time zone from the list",
    );
    expectError(await put({ timeZone: "UTC", preferences: { due: "instant" } }), 400);
    expectError(await put({ timeZone: "UTC", preferences: { bogus: "off" } }), 400);
    expectError(await put({ timeZone: "UTC", preferences: { assigned: "hourly" } }), 400);
    expect(await preferences(mate.accessToken)).toEqual(before);
  });

  it("sends the daily digest at the hour in the person's time zone, overdue first, then due soon and changes", async () => {
    const now = NY_SEVEN_THIRTY;
    const overdue = await report({ assigned_to: owner.user.id, due_date: now - 2 * DAY, priority: "high" });
    const soon = await report({ assigned_to: owner.user.id, due_date: now + 3 * DAY });
    const ancient = await report({ assigned_to: owner.user.id, due_date: now - 40 * DAY });
    const later = await report({ assigned_to: owner.user.id, due_date: now + 20 * DAY });
    const closed = await report({ assigned_to: owner.user.id, due_date: now - DAY, status: "closed" });
    const changed = await report({ assigned_to: mate.user.id });
    expect((await patch(mate.accessToken, String(changed.id), { status: "in-progress" })).statusCode).toBe(200);
    await mailNewNotifications(t.ctx);

    // 06:30 in New York: not yet.
    expect(await sendDueDigests(t.ctx, now - 3600)).toBe(0);
    expect(await sendDueDigests(t.ctx, now)).toBe(1);
    await t.ctx.mail.deliverDue();
    const digests = smtp.messages.filter((m) => m.envelopeTo[0] === owner.user.email);
    expect(digests).toHaveLength(1);
    const digest = digests[0] as CapturedMail;
    expect(digest.parsed.subject).toMatch(/^Your SiteSnag daily summary: 1 overdue, 1 due soon, \d+ changes?$/);
    const text = digest.parsed.text ?? "";
    expect(text.indexOf("Overdue")).toBeLessThan(text.indexOf("Due in the next 7 days"));
    expect(text.indexOf(String(overdue.title))).toBeLessThan(text.indexOf(String(soon.title)));
    expect(text).toContain(`${PUBLIC_URL}/app/snagging/${overdue.id}`);
    expect(text).toContain(`${PUBLIC_URL}/app/snagging/${soon.id}`);
    expect(text).toContain(`Tess Mate changed ${changed.title} to In Progress`);
    expect(text).toContain(`${PUBLIC_URL}/app/snagging/${changed.id}`);
    for (const gone of [ancient, later, closed]) expect(text).not.toContain(String(gone.title));
    expect(digest.parsed.html).toContain(`href="${PUBLIC_URL}/app/snagging/${overdue.id}"`);
    expect(header(digest, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Once a day, whichever instance asks; the changes are not repeated the next day.
    expect(await sendDueDigests(t.ctx, now + 60)).toBe(0);
    smtp.messages.length = 0;
    expect(await sendDueDigests(t.ctx, now + DAY)).toBe(1);
    await t.ctx.mail.deliverDue();
    const next = smtp.messages.find((m) => m.envelopeTo[0] === owner.user.email);
    expect(next?.parsed.text).not.toContain("What changed");

    // Two schedulers asking at the same moment: one digest.
    smtp.messages.length = 0;
    const both = await Promise.all([sendDueDigests(t.ctx, now + 2 * DAY), sendDueDigests(t.ctx, now + 2 * DAY)]);
    expect(both[0] + both[1]).toBe(1);
    await t.ctx.mail.deliverDue();
    expect(smtp.messages.filter((m) => m.envelopeTo[0] === owner.user.email)).toHaveLength(1);
  });

  it("sends nothing when there is nothing to say", async () => {
    const quiet = await signUp(t, { firstName: "Quinn" });
    // 07:30 UTC: Quinn's hour (UTC by default), and Quinn has no items and no news.
    const utcSeven = Date.UTC(2026, 10, 26, 7, 30) / 1000;
    await sendDueDigests(t.ctx, utcSeven);
    await t.ctx.mail.deliverDue();
    expect(smtp.messages.filter((m) => m.envelopeTo[0] === quiet.user.email)).toEqual([]);
  });

  it("unsubscribes in one click without signing in; a forged link is refused", async () => {
    const r = await report();
    await patch(owner.accessToken, String(r.id), { assignedTo: mate.user.id });
    await deliver();
    const mail = smtp.messages.find((m) => m.envelopeTo[0] === mate.user.email);
    const oneClick = header(mail, "list-unsubscribe").slice(1, -1);
    const url = new URL(oneClick);
    const forged = `${url.searchParams.get("token")?.slice(0, -2)}xx`;
    expectError(
      await t.request({
        method: "POST",
        url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      }),
      400,
      UNSUBSCRIBE_INVALID,
    );
    const res = await t.request({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await preferences(mate.accessToken)).preferences.assigned).toBe("off");

    smtp.messages.length = 0;
    const again = await report();
    await patch(owner.accessToken, String(again.id), { assignedTo: mate.user.id });
    await deliver();
    expect(smtp.messages).toEqual([]);

    // The page's link posts JSON; a digest link stops everything the digest carries.
    const digestToken = t.ctx.mail.unsubscribeTokens.sign({ userId: mate.user.id, what: "digest" });
    const page = await t.request({ method: "POST", url: "/api/mail/unsubscribe", payload: { token: digestToken } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ stopped: "the daily digest", email: mate.user.email, what: "digest" });
    expect((await preferences(mate.accessToken)).preferences).toEqual({
      assigned: "off",
      status: "off",
      mention: "off",
      // An instant kind is not part of the digest, so a digest link leaves it alone.
      fix_awaiting_verification: "instant",
      fix_accepted: "off",
      fix_rejected: "off",
      due: "off",
    });
  });
});
