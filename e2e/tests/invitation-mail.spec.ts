import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { linkIn, waitForMail } from "../support/mail";

test("an invitation with an address is emailed, can be resent, and shows as accepted on the Team page", async ({
  page,
  api,
  server,
}) => {
  test.slow(); // two messages, an acceptance and an axe scan
  const owner = await api.signUp({ firstName: "Mia", lastName: "Mailer" });
  await signInAs(page, owner);
  await page.goto("/app/team");
  await page.getByRole("button", { name: "Invite teammate" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a teammate" });
  const email = `invitee.${Date.now()}@example.com`;
  await dialog.getByLabel("Email address (optional)").fill(email);
  await dialog.getByRole("button", { name: "Create invitation link" }).click();
  await expect(dialog.getByRole("status")).toContainText(`We emailed the invitation to ${email}`);
  const shown = await dialog.getByLabel("Invitation link").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();

  const first = await waitForMail(server.dataDir, email);
  expect(first.subject).toBe("Mia Mailer invited you to Mia's workspace on SiteSnag");
  expect(linkIn(first, `${server.url}/invite/`)).toBe(shown);

  // Resend: after confirming, a second message with a new link; the first link stops working.
  await page.getByRole("button", { name: `Resend invitation to ${email}` }).click();
  await page.getByRole("dialog", { name: "Resend invitation" }).getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText(`Invitation sent again to ${email}`)).toBeVisible();
  const second = await waitForMail(server.dataDir, email, 2);
  const link = linkIn(second, `${server.url}/invite/`);
  expect(link).not.toBe(shown);
  const oldToken = shown.split("/invite/")[1] as string;
  await expect(api.call("GET", `/invitations/token/${oldToken}`)).rejects.toThrow(/404/);

  const newToken = link.split("/invite/")[1] as string;
  await api.call("POST", `/invitations/token/${newToken}/register`, {
    firstName: "Ivy",
    lastName: "Invitee",
    email,
    password: "joining-by-mail",
  });
  await page.reload();
  const recent = page.getByRole("list", { name: "Accepted and expired invitations" });
  await expect(recent.getByRole("listitem").filter({ hasText: email })).toContainText("Accepted");
  await expect(recent.getByRole("listitem").filter({ hasText: email })).toContainText("by Ivy Invitee");
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);
});
