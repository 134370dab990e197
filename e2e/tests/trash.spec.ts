// Deleting a project is the owner's, and it goes to the Trash with its reports (issue 22): the
// confirmation says so, the Trash lists it (what, by whom, when, days left), Restore brings it
// back with its reports; a member is not offered Delete, and the API refuses one with 403.
import { expect, isMobile, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";
import { axe, WCAG_21_AA } from "../support/axe";

test("delete a project → it is in the Trash → restore → back with its reports", async ({ page, api }) => {
  const { session, project } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Canal Wharf Tower" })).toBeVisible();
  const projectReports = page.getByRole("list", { name: "Project snagging reports" }).getByRole("listitem");
  await expect(projectReports).toHaveCount(3);

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete project?" });
  await expect(
    confirm.getByText(/to the Trash\? The workspace can restore them from the Trash for 30 days/),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText("Project moved to the Trash")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();

  // The Trash, from the navigation.
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Trash" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trash" }).click();
  }
  await expect(page).toHaveURL(/\/app\/trash$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  const items = page.getByRole("list", { name: "Deleted items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Canal Wharf Tower");
  await expect(items.first()).toContainText("3 reports");
  await expect(items.first()).toContainText("deleted by Rita Surveyor");
  await expect(items.first()).toContainText("30 days left");
  expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Restore Canal Wharf Tower" }).click();
  await expect(page.getByText("Project “Canal Wharf Tower” restored")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Trash is empty" })).toBeVisible();

  // Back through the app, as a person would (a reload could show the device's saved lists first).
  if (isMobile(page))
    await page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Projects" }).click();
  else await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await page.getByRole("link", { name: /Canal Wharf Tower/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Canal Wharf Tower" })).toBeVisible();
  await expect(projectReports).toHaveCount(3);
});

test("a member is not offered Delete on a project, and the API answers 403", async ({ page, api, baseURL }) => {
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const project = await api.createProject(owner.accessToken, { name: "Shared job" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const member = await api.call<Parameters<typeof signInAs>[1]>("POST", `/invitations/token/${token}/register`, {
    firstName: "Mel",
    lastName: "Member",
    email: `mel.${Date.now()}@example.com`,
    password: "member-pass-1",
  });
  await signInAs(page, member);
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Shared job" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Project" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const res = await fetch(`${baseURL}/api/projects/${project.id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${member.accessToken}` },
  });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe(
    "Only the workspace owner can delete or restore projects",
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Shared job" })).toBeVisible();

  // A project the owner deleted is in the member's Trash too, for the owner to restore.
  const old = await api.createProject(owner.accessToken, { name: "Old job" });
  await api.call("DELETE", `/projects/${old.id}`, undefined, owner.accessToken);
  await page.goto("/app/trash");
  const item = page.getByRole("list", { name: "Deleted items" }).getByRole("listitem");
  await expect(item).toContainText("Old job");
  await expect(item).toContainText("deleted by Olive Owner");
  await expect(item).toContainText("Only the workspace owner can restore a project.");
  await expect(page.getByRole("button", { name: "Restore Old job" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete for good: Old job" })).toHaveCount(0);
});

test("the owner deletes a trashed project for good, after a confirmation naming it", async ({ page, api }) => {
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const gone = await api.createProject(owner.accessToken, { name: "Scrapped job" });
  await api.call("DELETE", `/projects/${gone.id}`, undefined, owner.accessToken);
  await signInAs(page, owner);
  await page.goto("/app/trash");
  const items = page.getByRole("list", { name: "Deleted items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);

  await page.getByRole("button", { name: "Delete for good: Scrapped job" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Scrapped job” for good?" });
  await expect(
    confirm.getByText(/The project “Scrapped job” and everything in it .* cannot be restored\./),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(items).toHaveCount(1);

  await page.getByRole("button", { name: "Delete for good: Scrapped job" }).click();
  await confirm.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByText("Project “Scrapped job” deleted for good")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Trash is empty" })).toBeVisible();
  const left = await api.call<{ items: unknown[] }>("GET", "/trash", undefined, owner.accessToken);
  expect(left.items).toEqual([]);
});
