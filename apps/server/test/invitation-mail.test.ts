// Invitations by email (issue 26): an invitation with an address is mailed (its link is still
// answered to copy), can be resent with a new link, and its outcome shows on the Team page.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { CreatedInvitation, Invitation } from "@sitesnag/shared/team";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { headerBlock, linkIn, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const PUBLIC_URL = "https://snag.example.com";

describe.each(DIALECTS)("invitations by email (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const invite = async (token: string, email: string) => {
    const res = await t.request({ method: "POST", url: "/api/invitations", token, payload: { email } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedInvitation;
  };
  const resend = (token: string, id: string) =>
    t.request({ method: "POST", url: `/api/invitations/${id}/resend`, token });
  const recent = async (token: string) =>
    (
      (await t.request({ method: "GET", url: "/api/invitations/recent", token })).json() as {
        invitations: Invitation[];
      }
    ).invitations;

  it("mails an invitation with an address, with the same link the owner can copy", async () => {
    const owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const email = `guest.${Date.now()}@example.com`;
    const created = await invite(owner.accessToken, email.toUpperCase());
    expect(created.emailed).toBe(true);
    expect(created.invitation).toMatchObject({ email, state: "pending", acceptedAt: null });
    expect(await t.ctx.mail.deliverDue()).toBe(1);
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual([email]);
    expect(mail?.parsed.subject).toBe("Olive Owner invited you to Olive's workspace on SiteSnag");
    expect(linkIn(mail as never, `${PUBLIC_URL}/invite/`)).toBe(`${PUBLIC_URL}/invite/${created.token}`);
    expect(mail?.parsed.text).toContain(`You are receiving this because Olive Owner (${owner.user.email}) invited`);
    expect(mail?.parsed.html).toContain(`href="${PUBLIC_URL}/invite/${created.token}"`);

    // An open link (no address) sends nothing.
    const open = await invite(owner.accessToken, "");
    expect(open.emailed).toBe(false);
    expect(await t.ctx.mail.deliverDue()).toBe(0);
  });

  it("refuses an address no mail server would take, making nothing", async () => {
    const owner = await signUp(t);
    const before = [await countRows(t, "invitations"), await countRows(t, "mail_outbox")];
    const res = await t.request({
      method: "POST",
      url: "/api/invitations",
      token: owner.accessToken,
      payload: { email: '"quoted"@example.com' },
    });
    expectError(res, 400, "That email address cannot receive mail. Please check it.");
    expect([await countRows(t, "invitations"), await countRows(t, "mail_outbox")]).toEqual(before);
  });

  it("keeps a line break in the inviter's name out of the headers", async () => {
    const owner = await signUp(t, { firstName: "Eve\r\nBcc: victim@evil.example", lastName: "Owner" });
    const email = `target.${Date.now()}@example.com`;
    await invite(owner.accessToken, email);
    await t.ctx.mail.deliverDue();
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual([email]);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(headerBlock(mail?.raw ?? "")).not.toMatch(/^bcc:/im);
    expect(mail?.parsed.subject).toContain("Eve Bcc: victim@evil.example Owner invited you");
  });

  it("resends with a new link and a new week; the old link stops working", async () => {
    const owner = await signUp(t);
    const email = `late.${Date.now()}@example.com`;
    const first = await invite(owner.accessToken, email);
    // Let it expire.
    await t.ctx.db
      .updateTable("invitations")
      .set({ expires_at: Math.floor(Date.now() / 1000) - 60 })
      .where("id", "=", first.invitation.id)
      .execute();
    expect((await recent(owner.accessToken)).map((i) => [i.id, i.state])).toEqual([[first.invitation.id, "expired"]]);

    const res = await resend(owner.accessToken, first.invitation.id);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as CreatedInvitation;
    expect(second.token).not.toBe(first.token);
    expect(second.invitation.state).toBe("pending");
    expect(second.invitation.expiresAt).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    expectError(await t.request({ method: "GET", url: `/api/invitations/token/${first.token}` }), 404);
    expect((await t.request({ method: "GET", url: `/api/invitations/token/${second.token}` })).statusCode).toBe(200);

    await t.ctx.mail.deliverDue();
    expect(smtp.messages.map((m) => linkIn(m, `${PUBLIC_URL}/invite/`))).toEqual([
      `${PUBLIC_URL}/invite/${first.token}`,
      `${PUBLIC_URL}/invite/${second.token}`,
    ]);

    // Accepted: it shows with who joined, and cannot be resent.
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${second.token}/register`,
      payload: { firstName: "Lee", lastName: "Late", email, password: "late-joiner-1" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((joined.json() as AuthResponse).user.email).toBe(email);
    expect(await recent(owner.accessToken)).toEqual([
      expect.objectContaining({ id: first.invitation.id, state: "accepted", acceptedByName: "Lee Late" }),
    ]);
    expectError(await resend(owner.accessToken, first.invitation.id), 409, "This invitation has already been accepted");
  });

  it("refuses to resend a link-only, another workspace's or a revoked invitation", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const open = await invite(owner.accessToken, "");
    expectError(await resend(owner.accessToken, open.invitation.id), 400);
    const mailed = await invite(owner.accessToken, `x.${Date.now()}@example.com`);
    expectError(await resend(other.accessToken, mailed.invitation.id), 404, "Invitation not found");
    expectError(await resend(owner.accessToken, "not-an-id"), 404, "Invitation not found");
    await t.request({ method: "DELETE", url: `/api/invitations/${mailed.invitation.id}`, token: owner.accessToken });
    expectError(await resend(owner.accessToken, mailed.invitation.id), 404, "Invitation not found");
    expect(await recent(owner.accessToken)).toEqual([]);
  });
});
