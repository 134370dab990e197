// The weekly report by email (issue 37) over HTTP and a real SMTP server, on both databases: the
// schedule's CRUD, validation and tenancy; "Send now" as a preview and to the recipients, its PDF
// read back with pdftotext and its figures checked against counts worked out here from the seed;
// the scheduled job sending each period once; unsubscribing a typed address.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { ReportSchedule } from "@sitesnag/shared/weekly-report";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nowSeconds } from "../src/time";
import { sendDueWeeklyReports } from "../src/weekly-report/weekly-report.job";
import { expectError, expectFieldError } from "./assertions";
import { createProject, insertAttachment, insertReport, joinByInvitation, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const PUBLIC_URL = "https://snag.example.com";
const DAY = 24 * 60 * 60;
const CLIENT = "client.person@example.org";

describe.each(DIALECTS)("weekly report (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let owner: AuthResponse;
  let mate: AuthResponse;
  let outsider: AuthResponse;
  let projectId: string;
  const now = nowSeconds();
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL });
    owner = await signUp(t, { firstName: "Olga", lastName: "Owner" });
    outsider = await signUp(t, { firstName: "Otto", lastName: "Outside" });
    mate = await joinByInvitation(t, owner, { firstName: "Tess", lastName: "Mate" });
    projectId = (await createProject(t, owner.accessToken, { name: "Riverside Block B" })).id;
    // The seed, and what it must add up to (worked out here, not by the product):
    const parent = { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id };
    const seed = [
      // open, critical, 2 days old, overdue, assigned to Tess
      {
        title: "Cracked tile lobby",
        status: "open",
        priority: "critical",
        created_at: now - 2 * DAY,
        due_date: now - DAY,
        assigned_to: mate.user.id,
      },
      // in progress, high, 20 days old, due in 3 days (due soon), unassigned
      {
        title: "Loose handrail stair",
        status: "in-progress",
        priority: "high",
        created_at: now - 20 * DAY,
        due_date: now + 3 * DAY,
      },
      // open, low, 100 days old, no due date
      { title: "Scuffed skirting", status: "open", priority: "low", created_at: now - 100 * DAY },
      // resolved: awaiting verification
      { title: "Dripping tap", status: "resolved", priority: "medium", created_at: now - 10 * DAY },
      // closed 2 days ago: closed since the last report
      {
        title: "Missing socket cover",
        status: "closed",
        priority: "medium",
        created_at: now - 40 * DAY,
        updated_at: now - 2 * DAY,
      },
      // closed 30 days ago: before the last report
      {
        title: "Old paint run",
        status: "closed",
        priority: "low",
        created_at: now - 60 * DAY,
        updated_at: now - 30 * DAY,
      },
    ] as const;
    for (const s of seed) {
      const row = await insertReport(t, parent, { updated_at: now - DAY, ...s });
      if (s.title === "Missing socket cover") {
        // Its before photo and the fix's after photo: the PDF shows the pair.
        await insertAttachment(t, { id: String(row.id), workspace_id: owner.user.workspaceId });
        const fix = await insertAttachment(t, { id: String(row.id), workspace_id: owner.user.workspaceId });
        await t.ctx.db.updateTable("attachments").set({ kind: "fix", position: 1 }).where("id", "=", fix.id).execute();
      }
    }
    // Another project's reports never count.
    const other = await createProject(t, owner.accessToken, { name: "Elsewhere" });
    await insertReport(t, { ...parent, projectId: other.id }, { title: "Not this project", due_date: now - DAY });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const url = (id = projectId) => `/api/projects/${id}/report-schedule`;
  const get = (token: string, id = projectId) => t.request({ method: "GET", url: url(id), token });
  const put = (token: string, payload: object, id = projectId) =>
    t.request({ method: "PUT", url: url(id), token, payload });
  const valid = {
    enabled: true,
    dayOfWeek: 5,
    hour: 9,
    timeZone: "Europe/Warsaw",
    memberIds: [] as string[],
    emails: [CLIENT],
  };
  const waitForMail = async (n: number) => {
    for (let i = 0; i < 100 && smtp.messages.length < n; i++) {
      await t.ctx.mail.deliverDue();
      if (smtp.messages.length < n) await new Promise((r) => setImmediate(r));
    }
    return smtp.messages;
  };

  it("starts off: Friday 09:00 in Europe/London, no recipients, never sent", async () => {
    const res = await get(mate.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      dayOfWeek: 5,
      hour: 9,
      timeZone: "Europe/London",
      memberIds: [],
      emails: [],
      members: [],
      lastSentAt: null,
      nextAt: null,
    });
  });

  it("saves the schedule with members and typed addresses; the time zone is the project's", async () => {
    const res = await put(owner.accessToken, {
      ...valid,
      memberIds: [mate.user.id],
      emails: [" Client.Person@Example.org "],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as ReportSchedule;
    expect(saved).toMatchObject({
      enabled: true,
      dayOfWeek: 5,
      hour: 9,
      timeZone: "Europe/Warsaw",
      memberIds: [mate.user.id],
      emails: [CLIENT],
      members: [{ id: mate.user.id, name: "Tess Mate", email: mate.user.email }],
      lastSentAt: null,
    });
    // The next report is a Friday at 09:00 in Warsaw, within the coming week.
    const next = saved.nextAt as number;
    expect(next).toBeGreaterThan(nowSeconds());
    expect(next - nowSeconds()).toBeLessThanOrEqual(7 * DAY);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Warsaw",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(next * 1000));
    expect(local).toBe("Friday 09:00");
    expect((await get(mate.accessToken)).json()).toEqual(saved);
  });

  it("refuses bad input with the field's sentence and writes nothing", async () => {
    const before = (await get(owner.accessToken)).json();
    expectFieldError(
      await put(owner.accessToken, { ...valid, hour: 24 }),
      "hour",
      "Hour must be a whole hour from 0 to 23",
    );
    expectFieldError(
      await put(owner.accessToken, { ...valid, dayOfWeek: 0 }),
      "dayOfWeek",
      "Day must be a weekday from 1 (Monday) to 7 (Sunday)",
    );
    expectFieldError(
      await put(owner.accessToken, { ...valid, timeZone: "Mars/Olympus" }),
      "timeZone",
      "Choose a time zone from the list",
    );
    expectError(await put(owner.accessToken, { ...valid, emails: ["not-an-address"] }), 400, "Invalid email address");
    expectError(
      await put(owner.accessToken, { ...valid, emails: Array.from({ length: 51 }, (_, i) => `p${i}@example.com`) }),
      400,
    );
    // Someone of another workspace is not a member to send to.
    expectFieldError(
      await put(owner.accessToken, { ...valid, memberIds: [outsider.user.id] }),
      "memberIds",
      "A recipient must be a member of your workspace",
    );
    expectFieldError(
      await put(owner.accessToken, { ...valid, memberIds: ["nope"] }),
      "memberIds",
      "A recipient must be a member of your workspace",
    );
    expect((await get(owner.accessToken)).json()).toEqual(before);
  });

  it("is the workspace's: another workspace's caller gets 404, a member may read but not change or send", async () => {
    expectError(await get(outsider.accessToken), 404, "Project not found");
    expectError(await put(outsider.accessToken, valid), 404, "Project not found");
    expectError(
      await t.request({ method: "POST", url: `${url()}/send`, token: outsider.accessToken, payload: {} }),
      404,
      "Project not found",
    );
    expectError(await get(owner.accessToken, "not-a-uuid"), 404);
    expectError(await put(mate.accessToken, valid), 403, "Only the workspace owner can change the weekly report");
    expectError(await t.request({ method: "POST", url: `${url()}/send`, token: mate.accessToken, payload: {} }), 403);
    expectError(await t.request({ method: "GET", url: url() }), 401);
  });

  it("Send now (preview) mails the caller only, with the PDF whose figures match the seed", async () => {
    const res = await t.request({ method: "POST", url: `${url()}/send`, token: owner.accessToken, payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: 1, to: [owner.user.email] });
    const [mail] = await waitForMail(1);
    expect(smtp.messages).toHaveLength(1);
    expect(mail?.envelopeTo).toEqual([owner.user.email]);
    expect(mail?.parsed.subject).toContain("Preview: Riverside Block B: weekly report");
    expect(mail?.parsed.text).toContain("Open: 3 · Overdue: 1");
    const pdf = mail?.parsed.attachments[0];
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.filename).toMatch(/^weekly-report-riverside-block-b-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { text } = await readPdf(pdf?.content as Buffer);
    const flat = text.replace(/\s+/g, " ");
    // Cover: the counts by status (all six reports) and overdue.
    expect(flat).toContain("WEEKLY REPORT");
    expect(flat).toMatch(/Open 2 In Progress 1 Resolved 1 Closed 2 Overdue 1 Total 6/);
    // The figures page: open 3, overdue 1, due within 7 days 1, awaiting verification 1, total 6.
    expect(flat).toMatch(/3 Open 1 Overdue 1 Due within 7 days 1 Awaiting verification 6 Total/);
    // Ageing by priority (critical / high / medium / low).
    expect(flat).toContain("0-7 days 1 (1 / 0 / 0 / 0)");
    expect(flat).toContain("8-30 days 1 (0 / 1 / 0 / 0)");
    expect(flat).toContain("31-90 days 0 (0 / 0 / 0 / 0)");
    expect(flat).toContain("90+ days 1 (0 / 0 / 0 / 1)");
    // Open items by assignee and location, then what closed since the last report (a week back).
    expect(flat).toContain("Tess Mate · Location not specified (1)");
    expect(flat).toContain("Unassigned · Location not specified (2)");
    expect(flat).toMatch(/Closed since .* \(1\)/);
    expect(flat).toMatch(/Missing socket cover.*BEFORE.*AFTER/);
    // Every page after the cover names the report in its running header.
    expect(flat).toContain("SiteSnag Weekly report Riverside Block B");
    expect(flat).not.toContain("Old paint run");
    expect(flat).not.toContain("Not this project");
    // A preview is not a report: nothing counts as sent.
    expect(((await get(owner.accessToken)).json() as ReportSchedule).lastSentAt).toBeNull();
  }, 60_000);

  it("keeps the sent PDF while a message carries it, and removes it with the last one (30 days after sending)", async () => {
    const runs = await t.ctx.db
      .selectFrom("weekly_report_runs")
      .select("file_key")
      .where("project_id", "=", projectId)
      .execute();
    const keys = runs.flatMap((r) => (r.file_key ? r.file_key.split(",") : []));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await t.ctx.storage.stat(key), key).not.toBeNull();
    // A day after: every message kept, every file kept.
    await t.ctx.mail.removeOldSent(nowSeconds() + DAY);
    for (const key of keys) expect(await t.ctx.storage.stat(key), key).not.toBeNull();
    // Past the outbox's 30 days: the sent messages go, and the files no message carries any more.
    await t.ctx.mail.removeOldSent(nowSeconds() + 31 * DAY);
    for (const key of keys) expect(await t.ctx.storage.stat(key), key).toBeNull();
  });

  it("Send now to the recipients: each gets it, the typed address with an unsubscribe link; it counts as sent", async () => {
    const res = await t.request({
      method: "POST",
      url: `${url()}/send`,
      token: owner.accessToken,
      payload: { to: "recipients" },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as { queued: number }).queued).toBe(2);
    const mails = await waitForMail(2);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([CLIENT, mate.user.email].sort());
    const client = mails.find((m) => m.envelopeTo[0] === CLIENT);
    const member = mails.find((m) => m.envelopeTo[0] === mate.user.email);
    const unfolded = (client?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(/List-Unsubscribe: <https:\/\/snag\.example\.com\/api\/mail\/unsubscribe\?token=/);
    expect(member?.raw).not.toContain("List-Unsubscribe");
    expect(client?.parsed.attachments).toHaveLength(1);
    expect(member?.parsed.attachments).toHaveLength(1);
    expect(((await get(owner.accessToken)).json() as ReportSchedule).lastSentAt).toBeGreaterThan(0);
  }, 60_000);

  it("the job sends a due report once, and again only the next week", async () => {
    // Due: a Friday 09:00 (Warsaw) after the schedule was saved. Two runs at that moment (two
    // instances, or one run twice): one report.
    const later = nowSeconds() + 8 * DAY;
    expect(await sendDueWeeklyReports(t.ctx, later)).toBe(1);
    expect(await sendDueWeeklyReports(t.ctx, later)).toBe(0);
    expect(await sendDueWeeklyReports(t.ctx, later + 3600)).toBe(0);
    const mails = await waitForMail(2);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.parsed.subject).toContain("Riverside Block B: weekly report");
    // A week on: the next one.
    expect(await sendDueWeeklyReports(t.ctx, later + 7 * DAY)).toBe(1);
    expect(await sendDueWeeklyReports(t.ctx, later + 7 * DAY)).toBe(0);
    expect(await waitForMail(4)).toHaveLength(4);
    // Switched off: nothing.
    await put(owner.accessToken, { ...valid, enabled: false, memberIds: [mate.user.id] });
    expect(await sendDueWeeklyReports(t.ctx, later + 14 * DAY)).toBe(0);
    await put(owner.accessToken, { ...valid, memberIds: [mate.user.id] });
  }, 120_000);

  it("a typed address unsubscribes with its link, without signing in; the link then no longer works", async () => {
    await t.request({ method: "POST", url: `${url()}/send`, token: owner.accessToken, payload: { to: "recipients" } });
    const mails = await waitForMail(2);
    const client = mails.find((m) => m.envelopeTo[0] === CLIENT);
    const token = /unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(client?.parsed.text ?? "")?.[1] as string;
    expect(token).toBeTruthy();
    const res = await t.request({ method: "POST", url: "/api/mail/unsubscribe", payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stopped: "the weekly report", email: CLIENT, what: "weekly_report" });
    expect(((await get(owner.accessToken)).json() as ReportSchedule).emails).toEqual([]);
    expectError(await t.request({ method: "POST", url: "/api/mail/unsubscribe", payload: { token } }), 400);
    // A forged token (another row's id, no valid signature) does nothing.
    expectError(
      await t.request({ method: "POST", url: "/api/mail/unsubscribe", payload: { token: `${token}x` } }),
      400,
    );
  }, 60_000);

  it("Send now to recipients with none is a 400 with a sentence", async () => {
    await put(owner.accessToken, { ...valid, memberIds: [], emails: [] });
    expectError(
      await t.request({
        method: "POST",
        url: `${url()}/send`,
        token: owner.accessToken,
        payload: { to: "recipients" },
      }),
      400,
      "The weekly report has no recipients yet. Add some and save first.",
    );
    expectError(
      await t.request({ method: "POST", url: `${url()}/send`, token: owner.accessToken, payload: { to: "everyone" } }),
      400,
    );
  });
});
