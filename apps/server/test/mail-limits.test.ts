// Mail people can cause to addresses of their choosing is capped (issue 34, decision 0049): per
// account and per workspace, per hour and per day, tighter for new accounts and demo sandboxes,
// with a cooldown between resends of one invitation. A refusal is a 429 with a sentence and
// Retry-After, and nothing is made or queued.
import type { CreatedInvitation } from "@sitesnag/shared/team";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "../src/db/schema";
import { MailLimits } from "../src/mail/mail-limits";
import { countRows, expectError } from "./assertions";
import { createProject, demoLogin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const HOUR = 60 * 60;
const CAPS = {
  MAIL_PER_HOUR: "4",
  MAIL_PER_DAY: "6",
  WORKSPACE_MAIL_PER_HOUR: "5",
  WORKSPACE_MAIL_PER_DAY: "100",
  NEW_ACCOUNT_MAIL_PER_HOUR: "2",
  NEW_ACCOUNT_MAIL_PER_DAY: "3",
  MAIL_RESEND_COOLDOWN_SECONDS: "60",
};

/** Makes an account a month old: the ordinary caps apply instead of the new account's. */
async function ageAccount(t: TestApp, userId: string): Promise<void> {
  await t.ctx.db
    .updateTable("users")
    .set((eb) => ({ created_at: eb("created_at", "-", 30 * 24 * HOUR) }))
    .where("id", "=", userId)
    .execute();
}

const userRow = (t: TestApp, id: string): Promise<UserRow> =>
  t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(DIALECTS)("mail caps (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, CAPS);
  });
  afterAll(() => t.close());

  const invite = (token: string, email: string) =>
    t.request({ method: "POST", url: "/api/invitations", token, payload: { email } });
  const resend = (token: string, id: string) =>
    t.request({ method: "POST", url: `/api/invitations/${id}/resend`, token });
  const shareByMail = (token: string, projectId: string, sendTo: string) =>
    t.request({
      method: "POST",
      url: `/api/projects/${projectId}/share-links`,
      token,
      payload: { name: "Outside person", sendTo },
    });
  const counts = async () => [
    await countRows(t, "invitations"),
    await countRows(t, "share_links"),
    await countRows(t, "mail_outbox"),
  ];
  const expectRefused = (res: Awaited<ReturnType<typeof invite>>, message: string, maxWait: number) => {
    expectError(res, 429, message);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxWait);
  };

  it("holds a new account to its tighter hourly cap, creating and queueing nothing past it", async () => {
    const owner = await signUp(t);
    for (let n = 0; n < 2; n += 1)
      expect((await invite(owner.accessToken, `new${n}@outside.example`)).statusCode).toBe(201);
    const before = await counts();
    expectRefused(
      await invite(owner.accessToken, "new2@outside.example"),
      "You have sent as many emails as allowed in an hour. Please wait 60 minutes and try again; nothing was sent.",
      HOUR,
    );
    expect(await counts()).toEqual(before);
    // An invitation without an address sends no mail and is not counted.
    expect((await invite(owner.accessToken, "")).statusCode).toBe(201);
  });

  it("gives an older account the ordinary cap, share links sent by email counted with invitations", async () => {
    const owner = await signUp(t);
    await ageAccount(t, owner.user.id);
    const project = await createProject(t, owner.accessToken);
    for (let n = 0; n < 2; n += 1)
      expect((await invite(owner.accessToken, `old${n}@outside.example`)).statusCode).toBe(201);
    for (let n = 0; n < 2; n += 1) {
      expect((await shareByMail(owner.accessToken, project.id, `share${n}@outside.example`)).statusCode).toBe(201);
    }
    const before = await counts();
    expectRefused(
      await shareByMail(owner.accessToken, project.id, "share9@outside.example"),
      "You have sent as many emails as allowed in an hour. Please wait 60 minutes and try again; nothing was sent.",
      HOUR,
    );
    expect(await counts()).toEqual(before);
    // A link without an address is still made.
    expect(
      (
        await t.request({
          method: "POST",
          url: `/api/projects/${project.id}/share-links`,
          token: owner.accessToken,
          payload: { name: "Copied by hand" },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("holds a workspace's members together to the workspace's cap", async () => {
    const owner = await signUp(t);
    await ageAccount(t, owner.user.id);
    const created = (await invite(owner.accessToken, "")).json() as CreatedInvitation;
    const member = await signUp(t);
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${created.token}/accept`,
      token: member.accessToken,
      payload: { confirmMove: true },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await ageAccount(t, member.user.id);
    const project = await createProject(t, owner.accessToken);
    for (let n = 0; n < 3; n += 1)
      expect((await invite(owner.accessToken, `ws${n}@outside.example`)).statusCode).toBe(201);
    for (let n = 0; n < 2; n += 1) {
      expect((await shareByMail(member.accessToken, project.id, `m${n}@outside.example`)).statusCode).toBe(201);
    }
    const before = await counts();
    // The member has sent 2 of their 4, but the workspace has sent its 5.
    expectRefused(
      await shareByMail(member.accessToken, project.id, "m9@outside.example"),
      "Your workspace has sent as many emails as allowed in an hour. Please wait 60 minutes and try again; nothing was sent.",
      HOUR,
    );
    expect(await counts()).toEqual(before);
  });

  it("holds a demo sandbox to the tighter cap", async () => {
    const demo = await demoLogin(t);
    await ageAccount(t, demo.user.id);
    const project = await createProject(t, demo.accessToken);
    for (let n = 0; n < 2; n += 1) {
      expect((await shareByMail(demo.accessToken, project.id, `demo${n}@outside.example`)).statusCode).toBe(201);
    }
    expectError(await shareByMail(demo.accessToken, project.id, "demo9@outside.example"), 429);
    // Seeding a sandbox takes seconds on a loaded machine.
  }, 60_000);

  it("refuses a second resend of one invitation within the cooldown, sending nothing", async () => {
    const owner = await signUp(t);
    await ageAccount(t, owner.user.id);
    const created = (await invite(owner.accessToken, "resend@outside.example")).json() as CreatedInvitation;
    expect((await resend(owner.accessToken, created.invitation.id)).statusCode).toBe(200);
    const before = await counts();
    expectRefused(
      await resend(owner.accessToken, created.invitation.id),
      "This invitation was sent again a moment ago. Please wait 60 seconds before sending it again; nothing was sent.",
      60,
    );
    expect(await counts()).toEqual(before);
    // Another invitation has its own cooldown.
    const other = (await invite(owner.accessToken, "other@outside.example")).json() as CreatedInvitation;
    expect((await resend(owner.accessToken, other.invitation.id)).statusCode).toBe(200);
  });

  it("counts per hour and per day: an hour later the hourly cap is free, the daily one is not", async () => {
    const owner = await signUp(t);
    await ageAccount(t, owner.user.id);
    const user = await userRow(t, owner.user.id);
    let now = Date.now();
    const limits = new MailLimits(t.ctx, () => now);
    for (let n = 0; n < 4; n += 1) await limits.charge(user);
    await expect(limits.charge(user)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining("in an hour"),
    });
    now += HOUR * 1000 + 1;
    for (let n = 0; n < 2; n += 1) await limits.charge(user);
    const refusal = limits.charge(user);
    await expect(refusal).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining("in a day"),
      options: { retryAfterSeconds: 23 * HOUR },
    });
    now += 23 * HOUR * 1000;
    await expect(limits.charge(user)).resolves.toBeUndefined();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("mail caps shared through Redis", () => {
  let t: TestApp;
  const prefix = `t34m-${Math.random().toString(36).slice(2, 8)}:`;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      ...CAPS,
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    const keys = await t.ctx.redis?.client.keys(`${prefix}*`);
    if (keys?.length) await t.ctx.redis?.client.del(...keys);
    await t.close();
  });

  it("counts mail sent through one instance against another's cap, and the resend cooldown too", async () => {
    const owner = await signUp(t);
    await ageAccount(t, owner.user.id);
    const user = await userRow(t, owner.user.id);
    const first = new MailLimits(t.ctx);
    const second = new MailLimits(t.ctx);
    await first.charge(user, 1, "invitation-1");
    await expect(second.charge(user, 1, "invitation-1")).rejects.toMatchObject({ statusCode: 429 });
    for (let n = 0; n < 3; n += 1) await first.charge(user);
    await expect(second.charge(user)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining("in an hour"),
    });
    // Without the shared store a second instance would not have known.
    const alone = new MailLimits({ ...t.ctx, redis: undefined });
    await expect(alone.charge(user)).resolves.toBeUndefined();
  });
});
