// The mail queue against a real SMTP server (issue 26): a message waits through refusals and an
// outage and goes out when the server is back; two instances sharing one database send each
// message exactly once; header injection in a name is harmless; the .eml default writes files.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { Mailer, retryDelaySeconds } from "../src/mail/mailer";
import { countRows } from "./assertions";
import { signInAdmin } from "./factories";
import { createTestApp, DIALECTS, type TestApp, whileNoSchemaIsDropped } from "./harness";
import { headerBlock, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const message = (to: string, n = 1) => ({
  to,
  toName: "Robin Site",
  subject: `Test message ${n}`,
  text: `Line one of ${n}.\n\nSee https://snag.example.com/app/dashboard`,
  reason: "You are receiving this because a test asked for it.",
});

const outboxRow = (t: TestApp, id: string) =>
  t.ctx.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(DIALECTS)("mail outbox over SMTP (%s)", (kind) => {
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
    smtp.messages.length = 0;
    smtp.refuse = false;
    await t.ctx.db.deleteFrom("mail_outbox").execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a plain-text and an HTML part with the product's name and why it was sent", async () => {
    await t.ctx.mail.queue(message("robin@example.com"));
    expect(await t.ctx.mail.deliverDue()).toBe(1);
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual(["robin@example.com"]);
    expect(mail?.parsed.to && "text" in mail.parsed.to ? mail.parsed.to.text : "").toBe(
      '"Robin Site" <robin@example.com>',
    );
    expect(mail?.parsed.text).toContain("Line one of 1.");
    expect(mail?.parsed.text).toContain("You are receiving this because a test asked for it.");
    expect(mail?.parsed.text).toContain("Sent by SiteSnag.");
    expect(mail?.parsed.html).toContain(">SiteSnag</p>");
    expect(mail?.parsed.html).toContain('<a href="https://snag.example.com/app/dashboard"');
    expect(mail?.parsed.html).toContain("You are receiving this because a test asked for it.");
    expect(mail?.parsed.messageId).toMatch(/@snag\.example\.com>$/);
    // Sent once: a second run finds nothing to do.
    expect(await t.ctx.mail.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps a line break in a name or subject from adding a header", async () => {
    await t.ctx.mail.queue({
      ...message("robin@example.com"),
      toName: "Robin\r\nBcc: victim@evil.example",
      subject: "Hello\r\nBcc: other@evil.example",
    });
    await t.ctx.mail.deliverDue();
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual(["robin@example.com"]);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(headerBlock(mail?.raw ?? "")).not.toMatch(/^bcc:/im);
    expect(mail?.parsed.subject).toBe("Hello Bcc: other@evil.example");
  });

  it("refuses a malformed address clearly and queues nothing", async () => {
    for (const to of [
      "not-an-address",
      "a@b",
      "robin@example.com\r\nBcc: x@evil.example",
      "a b@example.com",
      "<a@example.com>",
    ]) {
      await expect(t.ctx.mail.queue(message(to))).rejects.toMatchObject({
        statusCode: 400,
        message: "That email address cannot receive mail. Please check it.",
      });
    }
    expect(await countRows(t, "mail_outbox")).toBe(0);
  });

  it("keeps a refused message, retries it with a growing delay, and sends it when the server accepts", async () => {
    smtp.refuse = true;
    const id = await t.ctx.mail.queue(message("robin@example.com"));
    expect(await t.ctx.mail.deliverDue()).toBe(0);
    let row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lease_owner: null });
    expect(row.last_error).toContain("Mailbox temporarily unavailable");
    expect(row.next_attempt_at - (row.last_attempt_at as number)).toBe(retryDelaySeconds(1));
    // Not due yet: nothing is tried.
    expect(await t.ctx.mail.deliverDue()).toBe(0);
    expect((await outboxRow(t, id)).attempts).toBe(1);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + retryDelaySeconds(1) * 1000 });
    expect(await t.ctx.mail.deliverDue()).toBe(0);
    row = await outboxRow(t, id);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at - (row.last_attempt_at as number)).toBe(retryDelaySeconds(2));
    expect(retryDelaySeconds(2)).toBe(2 * retryDelaySeconds(1));

    smtp.refuse = false;
    vi.setSystemTime(Date.now() + retryDelaySeconds(2) * 1000);
    expect(await t.ctx.mail.deliverDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(await outboxRow(t, id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("waits through an hour-long outage and sends everything when the server is back", async () => {
    await smtp.stop();
    try {
      const ids = [
        await t.ctx.mail.queue(message("one@example.com", 1)),
        await t.ctx.mail.queue(message("two@example.com", 2)),
      ];
      // A request that queues mail still succeeds while the server is down.
      const res = await t.request({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: "x@example.com" },
      });
      expect(res.statusCode).toBe(202);
      expect(await t.ctx.mail.deliverDue()).toBe(0);
      let clock = Date.now();
      for (let hour = 0; hour < 12; hour++) {
        clock += 10 * 60 * 1000;
        vi.useFakeTimers({ toFake: ["Date"], now: clock });
        expect(await t.ctx.mail.deliverDue()).toBe(0);
      }
      for (const id of ids) {
        const row = await outboxRow(t, id);
        expect(row.status).toBe("pending");
        expect(row.attempts).toBeGreaterThan(3);
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      }
      const admin = await signInAdmin(t);
      const settings = await t.request({ method: "GET", url: "/api/admin/settings", token: admin.accessToken });
      expect(settings.statusCode, settings.body).toBe(200);
      // The forgot-password request above was for an unknown address: nothing queued for it.
      expect(settings.json()).toMatchObject({ settings: { mail: { transport: "smtp", queued: 2, failed: 0 } } });
      const { mail } = (settings.json() as { settings: { mail: { lastError: string; lastErrorAt: string } } }).settings;
      expect(mail.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(mail.lastErrorAt)).toBeGreaterThan(0);

      await smtp.start();
      vi.setSystemTime(clock + retryDelaySeconds(20) * 1000);
      expect(await t.ctx.mail.deliverDue()).toBe(2);
      expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(["one@example.com", "two@example.com"]);
    } finally {
      await smtp.start().catch(() => undefined);
    }
  });

  it("two instances sharing the database send each queued message exactly once", async () => {
    const other = await whileNoSchemaIsDropped(kind, () =>
      openDatabase({
        databaseUrl: kind === "postgres" ? process.env.TEST_DATABASE_URL : undefined,
        dataDir: t.dataDir,
        ...(t.schema ? { schema: t.schema } : {}),
      }),
    );
    const config = loadConfig({ DATA_DIR: t.dataDir, SMTP_URL: smtp.url, LOG_LEVEL: "silent" });
    const second = new Mailer(other.db, config, t.ctx.log, "another-instance-secret-another-instance");
    try {
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await t.ctx.mail.queue(message(`person${i}@example.com`, i)));
      const [a, b] = await Promise.all([t.ctx.mail.deliverDue(), second.deliverDue()]);
      expect(a + b).toBe(40);
      expect(smtp.messages).toHaveLength(40);
      const subjects = smtp.messages.map((m) => m.parsed.subject);
      expect(new Set(subjects).size).toBe(40);
      const sent = await t.ctx.db.selectFrom("mail_outbox").select(["status", "attempts"]).execute();
      expect(sent.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await second.stop();
      await other.db.destroy();
    }
  });
});

describe("mail without SMTP_URL: .eml files under DATA_DIR/mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("writes each message as an .eml file with both parts", async () => {
    expect(t.ctx.mail.transportKind).toBe("files");
    await t.ctx.mail.queue(message("robin@example.com"));
    expect(await t.ctx.mail.deliverDue()).toBe(1);
    const dir = path.join(t.dataDir, "mail");
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, files[0] as string), "utf8");
    expect(raw).toMatch(/^To: Robin Site <robin@example.com>$/m);
    expect(raw).toMatch(/^Subject: Test message 1$/m);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toMatch(/^From: SiteSnag <no-reply@localhost>$/m);
  });
});
