// The weekly report (issue 37) on the desktop, where a manager sets it up (decision 0041): the
// project's Weekly report tab sets a schedule with a member and the client's address, a preview
// and the real report arrive as emails with the PDF attached, and the client's unsubscribe link
// takes them off the list without signing in.
import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { linkIn, waitForMail } from "../support/mail";

type Schedule = {
  enabled: boolean;
  dayOfWeek: number;
  hour: number;
  timeZone: string;
  memberIds: string[];
  emails: string[];
};

test("set a weekly report, send a preview and the report, the client unsubscribes", async ({ page, api, server }) => {
  test.slow(); // renders PDFs and waits for the server's mail schedule
  const owner = await api.signUp({ firstName: "Wendy", lastName: "Weekly" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const mate = await api.call<{ user: { id: string; email: string } }>("POST", `/invitations/token/${token}/register`, {
    firstName: "Mo",
    lastName: "Mate",
    email: `mo.${Date.now()}@example.com`,
    password: "mate-pass-2026",
  });
  const project = await api.createProject(owner.accessToken);
  await api.createReport(owner.accessToken, { projectId: project.id, priority: "high", description: "Cracked tile" });
  const client = `client.${Date.now()}@example.org`;

  await signInAs(page, owner);
  await page.goto(`/app/projects/${project.id}`);
  await page.getByRole("tab", { name: "Weekly report" }).click();
  await expect(page.getByRole("tab", { name: "Weekly report" })).toHaveAttribute("aria-selected", "true");
  const form = page.getByRole("form", { name: "Weekly report" });
  await expect(form.getByText("Not sent yet")).toBeVisible();

  await form.getByLabel("Send the weekly report").check();
  await form.getByLabel("Day", { exact: true }).selectOption({ label: "Monday" });
  await form.getByLabel("Time", { exact: true }).selectOption({ label: "08:00" });
  await form.getByLabel("Time zone").selectOption("Europe/Warsaw");
  await form.getByRole("checkbox", { name: /Mo Mate/ }).check();
  const address = form.getByLabel("Email address");
  await address.fill("not-an-address");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await address.fill(client);
  await address.press("Enter");
  await expect(form.getByRole("button", { name: `Remove ${client}` })).toBeVisible();
  await expect(address).toHaveValue("");
  expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Weekly report saved")).toBeVisible();
  const saved = await api.call<Schedule>(
    "GET",
    `/projects/${project.id}/report-schedule`,
    undefined,
    owner.accessToken,
  );
  expect(saved).toMatchObject({
    enabled: true,
    dayOfWeek: 1,
    hour: 8,
    timeZone: "Europe/Warsaw",
    memberIds: [mate.user.id],
    emails: [client],
  });
  await expect(form.getByText("Off", { exact: true })).toHaveCount(0);

  // Send me a preview: to the owner only, the PDF attached.
  await form.getByRole("button", { name: "Send me a preview" }).click();
  await expect(page.getByText("Preview sent to your email")).toBeVisible({ timeout: 30_000 });
  const preview = await waitForMail(server.dataDir, owner.user.email);
  expect(preview.subject).toContain(`Preview: ${project.name}: weekly report`);
  expect(preview.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
  await expect(form.getByText("Not sent yet")).toBeVisible();

  // Send to recipients now: the member and the client; "Last sent" follows.
  await form.getByRole("button", { name: "Send to recipients now" }).click();
  await expect(page.getByText("Report sent to 2 recipients")).toBeVisible({ timeout: 30_000 });
  await expect(form.getByText("Not sent yet")).toHaveCount(0);
  const toClient = await waitForMail(server.dataDir, client);
  expect(toClient.subject).toContain(`${project.name}: weekly report`);
  expect(toClient.attachments).toHaveLength(1);
  expect((await waitForMail(server.dataDir, mate.user.email)).attachments).toHaveLength(1);

  // The client's link stops it, without signing in.
  await page.goto(linkIn(toClient, `${server.url}/unsubscribe?token=`));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText(`Done: ${client} will no longer get the weekly report.`);
  const after = await api.call<Schedule>(
    "GET",
    `/projects/${project.id}/report-schedule`,
    undefined,
    owner.accessToken,
  );
  expect(after.emails).toEqual([]);
  expect(after.memberIds).toEqual([mate.user.id]);
});
