import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { linkIn, waitForMail } from "../support/mail";

type Prefs = { timeZone: string; preferences: Record<string, string> };

test("notification email preferences on the profile page are saved per kind with a time zone", async ({
  page,
  api,
}) => {
  const me = await api.signUp({ firstName: "Pia" });
  await signInAs(page, me);
  await page.goto("/app/profile");
  const card = page.getByRole("region", { name: "Email notifications" });
  const assigned = card.getByRole("group", { name: "Assigned to me" });
  await expect(assigned.getByLabel("Instant email")).toBeChecked();
  await expect(card.getByRole("group", { name: "Status of my reports" }).getByLabel("Daily digest")).toBeChecked();
  await expect(card.getByRole("group", { name: "Overdue and due-soon items" }).getByLabel("Instant email")).toHaveCount(
    0,
  );
  expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);

  await assigned.getByLabel("Daily digest").check();
  await card.getByRole("group", { name: "Status of my reports" }).getByLabel("Off").check();
  await card.getByRole("group", { name: "Mentions" }).getByLabel("Instant email").check();
  await card.getByLabel("Time zone for the daily digest").selectOption("Asia/Tokyo");
  await card.getByRole("button", { name: "Save email settings" }).click();
  await expect(page.getByText("Email settings saved")).toBeVisible();

  const saved = await api.call<Prefs>("GET", "/mail/preferences", undefined, me.accessToken);
  expect(saved).toEqual({
    timeZone: "Asia/Tokyo",
    preferences: {
      assigned: "digest",
      status: "off",
      mention: "instant",
      fix_awaiting_verification: "instant",
      fix_accepted: "digest",
      fix_rejected: "digest",
      due: "digest",
    },
  });
  await page.reload();
  await expect(page.getByRole("group", { name: "Assigned to me" }).getByLabel("Daily digest")).toBeChecked();
  await expect(page.getByLabel("Time zone for the daily digest")).toHaveValue("Asia/Tokyo");
});

test("an assignment is emailed at once, and its footer link unsubscribes without signing in", async ({
  page,
  api,
  server,
}) => {
  test.slow(); // waits for the server's mail schedule
  const owner = await api.signUp({ firstName: "Oren", lastName: "Owner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const mateEmail = `mate.${Date.now()}@example.com`;
  const mate = await api.call<{ accessToken: string; user: { id: string } }>(
    "POST",
    `/invitations/token/${token}/register`,
    { firstName: "Mo", lastName: "Mate", email: mateEmail, password: "mate-pass-2026" },
  );
  const project = await api.createProject(owner.accessToken);
  const report = await api.createReport(owner.accessToken, {
    projectId: project.id,
    priority: "high",
    description: "Cracked tile in the lobby",
    assignedTo: mate.user.id,
  });

  const mail = await waitForMail(server.dataDir, mateEmail);
  expect(mail.subject).toBe(`${report.title}: Oren Owner assigned you ${report.title}`);
  expect(linkIn(mail, `${server.url}/app/snagging/`)).toBe(`${server.url}/app/snagging/${report.id}`);
  const unsubscribe = linkIn(mail, `${server.url}/unsubscribe?token=`);

  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { name: "Stop these emails" })).toBeVisible();
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Done: ${mateEmail} will no longer get “Assigned to me” emails.`,
  );
  const prefs = await api.call<Prefs>("GET", "/mail/preferences", undefined, mate.accessToken);
  expect(prefs.preferences.assigned).toBe("off");
});

test("System Settings shows where mail goes and how many messages wait", async ({ page, api }) => {
  const admin = await api.loginAdmin();
  await signInAs(page, admin);
  await page.goto("/app/admin?tab=settings");
  const email = page.getByRole("region", { name: "Email" });
  await expect(email.getByText(".eml files in DATA_DIR/mail")).toBeVisible();
  await expect(email.getByText("Waiting to be sent")).toBeVisible();
  await expect(email.getByText("No failed attempt on record.")).toBeVisible();
});
