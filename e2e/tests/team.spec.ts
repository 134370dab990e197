import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, signInAs, test } from "../fixtures";

/** A report assigned to `assigneeId`, filed through the API with a real photo as the app sends it. */
async function fileAssignedReport(baseURL: string, token: string, projectId: string, assigneeId: string) {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a8" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("projectId", projectId);
  form.append("priority", "high");
  form.append("description", "📷 Photo 1 - Stair core: Missing handrail");
  form.append("assignedTo", assigneeId);
  form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "handrail.jpg");
  const res = await fetch(`${baseURL}/api/snagging`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`report: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { report: { id: string; title: string } }).report;
}

/** What the app does when the window regains focus (TanStack Query listens for visibilitychange). */
const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));

test("invite a teammate, who joins in another browser, is assigned a report and sees it on the bell", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.slow(); // Two browsers and two accounts.
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  await signInAs(page, owner);
  await page.goto("/app/team");
  await expect(page.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Invite teammate" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a teammate" });
  const email = `tam.${Date.now()}@example.com`;
  await dialog.getByLabel("Email address (optional)").fill(email);
  await dialog.getByRole("button", { name: "Create invitation link" }).click();
  const link = await dialog.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{40,}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();

  const other = await browser.newContext({ baseURL: baseURL as string });
  const mate = await other.newPage();
  await mate.goto(new URL(link).pathname);
  await expect(mate.getByRole("heading", { name: "Join Olive's workspace" })).toBeVisible();
  await expect(mate.getByText(`Olive Owner invited you to join`)).toBeVisible();
  await expect(mate.getByLabel("Email")).toHaveValue(email);
  await mate.getByLabel("First name").fill("Tam");
  await mate.getByLabel("Last name").fill("Mate");
  await mate.getByLabel("Password", { exact: true }).fill("joining-the-team");
  await mate.getByLabel("Confirm password", { exact: true }).fill("joining-the-team");
  await mate.getByRole("button", { name: "Create account and join" }).click();
  await expect(mate).toHaveURL(/\/app\/dashboard$/, { timeout: 20_000 });
  await expect(mate.getByRole("button", { name: "Notifications, none unread" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("list", { name: "Members" }).getByText("Tam Mate")).toBeVisible();
  await expect(page.getByText("No pending invitations.")).toBeVisible();

  // The link was single use.
  const third = await browser.newContext({ baseURL: baseURL as string });
  const late = await third.newPage();
  await late.goto(new URL(link).pathname);
  await expect(late.getByText("This invitation has already been used")).toBeVisible();
  await third.close();

  const { users } = await api.call<{ users: { id: string; email: string }[] }>(
    "GET",
    "/users",
    undefined,
    owner.accessToken,
  );
  const tamId = users.find((u) => u.email === email)?.id as string;
  const project = await api.createProject(owner.accessToken, { name: "Riverside" });
  const report = await fileAssignedReport(baseURL as string, owner.accessToken, project.id, tamId);

  await regainFocus(mate);
  const bell = mate.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await expect(bell.getByText("1", { exact: true })).toBeVisible();
  await bell.click();
  const entry = mate.getByRole("link", { name: new RegExp(`Olive Owner assigned you ${report.title}`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(mate).toHaveURL(new RegExp(`/app/snagging/${report.id}$`));
  await expect(mate.getByRole("button", { name: "Notifications, none unread" })).toBeVisible();
  await other.close();
});

test("an owner revokes an invitation and removes a member after confirming", async ({ page, api, baseURL }) => {
  const owner = await api.signUp({ firstName: "Rita" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  await api.call("POST", `/invitations/token/${token}/register`, {
    firstName: "Leo",
    lastName: "Leaving",
    email: `leo.${Date.now()}@example.com`,
    password: "leaving-soon-1",
  });
  await api.call("POST", "/invitations", { email: "pending@example.com" }, owner.accessToken);
  await signInAs(page, owner);
  await page.goto("/app/team");

  await page.getByRole("button", { name: "Revoke invitation for pending@example.com" }).click();
  await page.getByRole("dialog", { name: "Revoke invitation" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Invitation revoked")).toBeVisible();
  await expect(page.getByText("No pending invitations.")).toBeVisible();

  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove Leo Leaving" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove member" });
  await expect(confirm.getByText(/Their reports stay here/)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove Leo Leaving" }).click();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Member removed")).toBeVisible();
  await expect(members.getByRole("listitem")).toHaveCount(1);
  expect(baseURL).toBeTruthy();
});

test("a member sees the team but cannot invite or remove", async ({ page, api }) => {
  const owner = await api.signUp({ firstName: "Oona" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const member = await api.call<Parameters<typeof signInAs>[1]>("POST", `/invitations/token/${token}/register`, {
    firstName: "Max",
    lastName: "Member",
    email: `max.${Date.now()}@example.com`,
    password: "member-only-1",
  });
  await signInAs(page, member);
  await page.goto("/app/team");
  await expect(page.getByRole("list", { name: "Members" }).getByText("Oona Foreman")).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite teammate" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pending invitations" })).toHaveCount(0);
});

test("an account from another workspace confirms the move before joining", async ({ page, api }) => {
  const owner = await api.signUp({ firstName: "Nina", lastName: "North" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const mover = await api.signUp({ firstName: "Moe" });
  await api.createProject(mover.accessToken, { name: "Moe's own site" });
  await signInAs(page, mover);
  await page.goto(`/invite/${token}`);
  await expect(page.getByText("Joining moves your account into this workspace")).toBeVisible();
  await page.getByRole("button", { name: "Move my account and join" }).click();
  await expect(page).toHaveURL(/\/app\/team$/);
  await expect(page.getByRole("list", { name: "Members" }).getByText("Nina North")).toBeVisible();
  await page.goto("/app/projects");
  await expect(page.getByText("No projects yet")).toBeVisible();
});
