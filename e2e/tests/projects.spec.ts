import { expect, signInAs, test } from "../fixtures";
import { createDefects } from "../snagging-seed";

const DELETE_CONFIRM =
  "Move this project and all its snagging reports to the Trash? The workspace can restore them from the Trash for 30 days; after that they are deleted for good.";

test("empty state, create through the modal with validation, search, open", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/projects");
  await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();

  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog.getByText("Project name is required")).toBeVisible();

  await dialog.getByLabel("Project name").fill("Canal Wharf Tower");
  await dialog.getByLabel("Description").fill("Twenty-storey residential tower with podium café");
  await dialog.getByLabel("Location").fill("Canal Street, Manchester");
  await dialog.getByLabel("Client name").fill("Northern Living plc");
  await dialog.getByLabel("Status").selectOption("active");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Project created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "New Project" }).click();
  await dialog.getByLabel("Project name").fill("Hillside Surgery");
  await dialog.getByLabel("Description").fill("GP practice refurbishment");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  // The list refetches before the dialog closes: typing into the search box behind a modal dialog
  // would go nowhere (it is inert), so wait for the dialog to go first, as a user does.
  await expect(dialog).toBeHidden();

  const list = page.getByRole("list", { name: "Projects" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search projects" }).fill("podium");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Canal Wharf Tower");
  // Every word, in any order, ignoring case and accents: as the server searches a longer list.
  await page.getByRole("searchbox", { name: "Search projects" }).fill("CAFE podium");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Canal Wharf Tower");
  await page.getByRole("searchbox", { name: "Search projects" }).fill("no such thing");
  await expect(page.getByRole("heading", { name: "No matching projects" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search projects" }).fill("hillside practice");
  await list.getByRole("link", { name: /Hillside Surgery/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hillside Surgery" })).toBeVisible();
  await expect(page.getByText("GP practice refurbishment")).toBeVisible();
});

test("detail shows the fields; edit and delete with the exact confirmation", async ({ page, api }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, {
    name: "Old Mill Conversion",
    description: "Loft apartments",
    location: "Mill Lane, Bradford",
    clientName: "Heritage Homes",
    status: "active",
  });
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Old Mill Conversion" })).toBeVisible();
  await expect(page.getByText("Mill Lane, Bradford")).toBeVisible();
  await expect(page.getByText("Heritage Homes")).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "New Report" })).toHaveAttribute(
    "href",
    `/app/snagging/new?projectId=${project.id}`,
  );
  await expect(page.getByRole("heading", { name: "No snagging reports yet" })).toBeVisible();

  await page.getByRole("button", { name: "Edit Project" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByLabel("Project name")).toHaveValue("Old Mill Conversion");
  await edit.getByLabel("Project name").fill("Old Mill Lofts");
  await edit.getByLabel("Status").selectOption("completed");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Project updated successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Old Mill Lofts" })).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete project?" });
  await expect(confirm.getByText(DELETE_CONFIRM)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Old Mill Lofts" })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText("Project moved to the Trash")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(page.getByText("Failed to load project")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
});

test("another workspace's project is not found", async ({ page, api }) => {
  const owner = await api.signUp();
  const project = await api.createProject(owner.accessToken, { name: "Private job" });
  await signInAs(page, await api.signUp());
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  await expect(page.getByText("Private job")).toHaveCount(0);
});

test("dashboard counts change as projects are added", async ({ page, api }) => {
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  const card = page.getByRole("link", { name: /^Projects \d+/ });
  await expect(card).toContainText("0");
  await api.createProject(session.accessToken, { name: "One" });
  await api.createProject(session.accessToken, { name: "Two" });
  await page.reload();
  await expect(card).toContainText("2");
  await expect(page.getByRole("link", { name: /^Snagging Reports \d/ })).toContainText("0 open · 0 in progress");
  await expect(page.getByRole("link", { name: /^Audits Run/ })).toContainText("0");
  await page.getByRole("link", { name: "New Snagging Report" }).click();
  await expect(page).toHaveURL(/\/app\/snagging\/new$/);
  await page.goto("/app/dashboard");
  await page.getByRole("link", { name: "Run Audit" }).click();
  await expect(page).toHaveURL(/\/app\/audits$/);
  await page.goto("/app/dashboard");
  await card.click();
  await expect(page).toHaveURL(/\/app\/projects$/);
});

test("a project's snagging reports filter by status and priority", async ({ page }) => {
  await page.goto("/demo");
  await page.getByRole("button", { name: "Start Demo" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("link", { name: /^Snagging Reports \d/ })).toContainText("3 open · 1 in progress");
  await page.goto("/app/projects");
  await page.getByRole("link", { name: /Riverside Apartments/ }).click();
  const reports = page.getByRole("list", { name: "Project snagging reports" }).getByRole("listitem");
  await expect(reports).toHaveCount(3);
  await page.getByLabel("Filter by status").selectOption("open");
  await expect(reports).toHaveCount(1);
  await expect(reports.first()).toContainText("High");
  await page.getByLabel("Filter by status").selectOption("all");
  await page.getByLabel("Filter by priority").selectOption("critical");
  await expect(reports).toHaveCount(1);
  await expect(reports.first()).toContainText("In-progress");
  await page.getByLabel("Filter by status").selectOption("closed");
  await expect(page.getByRole("heading", { name: "No reports match these filters" })).toBeVisible();
  await page.getByLabel("Filter by status").selectOption("all");
  await page.getByLabel("Filter by priority").selectOption("all");
  await expect(reports.first().getByRole("link")).toHaveAttribute("href", /^\/app\/snagging\/[0-9a-f-]{36}$/);
});

test("the dashboard count follows a project created in the app, without a reload", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/dashboard");
  const card = page.getByRole("link", { name: /^Projects \d+/ });
  await expect(card).toContainText("0");
  await card.click();
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await dialog.getByLabel("Project name").fill("Counted without reload");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Project created successfully")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(card).toContainText("1");
});

test("a project with more than a page of reports: Load more loads the rest, filters then ask the server", async ({
  page,
  api,
}) => {
  test.slow(); // 55 reports to seed and fifty rows to render twice
  const session = await api.signUp({ firstName: "Pia", lastName: "Paged" });
  const token = session.accessToken;
  const project = await api.createProject(token, { name: "Harbour Lofts" });
  const other = await api.createProject(token, { name: "Elsewhere Yard" });
  // The oldest report is the only resolved one, so it is not on the first page (the 50 newest).
  const oldest = await api.createReport(token, {
    projectId: project.id,
    priority: "low",
    status: "resolved",
    description: "Loose balustrade cap",
  });
  await createDefects(api, token, project.id, 54);
  const elsewhere = await api.createReport(token, { projectId: other.id, priority: "low", description: "Not here" });
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}`);
  const list = page.getByRole("list", { name: "Project snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(50, { timeout: 15_000 });
  await expect(list).not.toContainText(oldest.title);
  await expect(page.getByText("Showing 50 reports")).toBeVisible();

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(55);
  await expect(list).toContainText(oldest.title);
  await expect(list).not.toContainText(elsewhere.title);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // A fresh visit has only the first page: the status filter now asks the server.
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(50, { timeout: 15_000 });
  await page.getByLabel("Filter by status").selectOption("resolved");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(oldest.title);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await page.getByLabel("Filter by status").selectOption("all");
  await expect(list.getByRole("listitem")).toHaveCount(50);
});
