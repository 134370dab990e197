// Bulk changes (issue 39): a manager selects twenty reports on the list (shift-click on a desktop,
// "Select all N matching" on a phone), assigns them to a teammate in one go, sees the result, and
// undoes it from the result within its 10 seconds. Checked against the API, not only the screen.
import { expect, isMobile, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { installServiceWorker } from "../support/offline";

type Report = { id: string; title: string; assignedTo: string | null };

test("select twenty reports, assign them in one go, then undo", async ({ page, api }) => {
  const manager = await api.signUp({ firstName: "Mia", lastName: "Manager" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, manager.accessToken);
  const mate = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Sam",
    lastName: "Sparks",
    email: `sam.${process.pid}.${Date.now()}@example.com`,
    password: "site-walk-2026",
  });
  const project = await api.createProject(manager.accessToken, { name: "Walk 28 Nov" });
  for (let i = 0; i < 20; i++) {
    await api.createReport(manager.accessToken, {
      projectId: project.id,
      priority: "medium",
      description: `Walk item ${i + 1}`,
    });
  }
  const reports = async () =>
    (await api.call<{ reports: Report[] }>("GET", "/snagging", undefined, manager.accessToken)).reports;

  await signInAs(page, manager);
  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(20);
  const boxes = list.getByRole("checkbox", { name: /^Select SNAG-/ });
  await expect(boxes).toHaveCount(20);

  // By keyboard: the first box is reached with Tab order and ticked with Space.
  await boxes.first().focus();
  await page.keyboard.press("Space");
  await expect(boxes.first()).toBeChecked();
  const bar = page.getByRole("region", { name: "Bulk changes" });
  await expect(bar.getByText("1 selected")).toBeVisible();
  if (isMobile(page)) {
    await bar.getByRole("button", { name: "Select all 20 matching" }).click();
  } else {
    await boxes.last().click({ modifiers: ["Shift"] });
  }
  await expect(bar.getByText("20 selected")).toBeVisible();
  for (const box of await boxes.all()) await expect(box).toBeChecked();

  await bar.getByRole("combobox", { name: "Change" }).selectOption("assign");
  await bar.getByRole("combobox", { name: "Assignee" }).selectOption({ label: "Sam Sparks" });
  await bar.getByRole("button", { name: "Apply to 20 reports" }).click();
  const result = page.getByRole("status").filter({ hasText: "20 changed, 0 failed" });
  await expect(result).toBeVisible();
  // The bar, its result and the cards' checkboxes pass axe's WCAG 2.1 AA checks.
  const scan = await axe(page)
    .include('section[aria-label="Bulk changes"]')
    .include('[role="status"][aria-live="polite"]')
    .include('ul[aria-label="Snagging reports"]')
    .withTags(WCAG_21_AA)
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await expect.poll(async () => (await reports()).filter((r) => r.assignedTo === mate.user.id).length).toBe(20);
  await expect(list.getByText("Sam Sparks")).toHaveCount(20);

  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "20 changed, 0 failed" })).toBeVisible();
  await expect.poll(async () => (await reports()).filter((r) => r.assignedTo === null).length).toBe(20);
  await expect(list.getByText("Sam Sparks")).toHaveCount(0);
});

test("a bulk status change and a bulk due date are undone to each report's own previous value", async ({
  page,
  api,
}) => {
  onOneViewport("desktop"); // the bar's layout is covered on both viewports above; this is what Undo sends
  const manager = await api.signUp({ firstName: "Uma", lastName: "Undo" });
  const project = await api.createProject(manager.accessToken, { name: "Level 4 walk" });
  const due = Date.UTC(2026, 11, 18, 12) / 1000; // epoch seconds, as the API keeps days
  const seeded = [
    await api.createReport(manager.accessToken, { projectId: project.id, priority: "low", description: "Skirting" }),
    await api.createReport(manager.accessToken, {
      projectId: project.id,
      priority: "low",
      description: "Door closer",
      status: "in-progress",
      dueDate: due,
    }),
    await api.createReport(manager.accessToken, { projectId: project.id, priority: "low", description: "Grout" }),
    await api.createReport(manager.accessToken, {
      projectId: project.id,
      priority: "low",
      description: "Socket",
      status: "in-progress",
    }),
  ];
  type State = { id: string; status: string; dueDate: number | null };
  const server = async () =>
    Object.fromEntries(
      (await api.call<{ reports: State[] }>("GET", "/snagging", undefined, manager.accessToken)).reports.map((r) => [
        r.id,
        { status: r.status, dueDate: r.dueDate ?? null },
      ]),
    );
  const original = await server();
  expect(
    Object.values(original)
      .map((r) => r.status)
      .sort(),
  ).toEqual(["in-progress", "in-progress", "open", "open"]);

  await signInAs(page, manager);
  await page.goto("/app/snagging");
  const boxes = page.getByRole("list", { name: "Snagging reports" }).getByRole("checkbox", { name: /^Select SNAG-/ });
  await expect(boxes).toHaveCount(seeded.length);
  for (const box of await boxes.all()) await box.check();
  const bar = page.getByRole("region", { name: "Bulk changes" });
  await expect(bar.getByText("4 selected")).toBeVisible();

  // Status: all four resolved, then Undo puts back open on two and in progress on the other two.
  await bar.getByRole("combobox", { name: "Change" }).selectOption("status");
  await bar.getByRole("combobox", { name: "Status" }).selectOption({ label: "Resolved" });
  await bar.getByRole("button", { name: "Apply to 4 reports" }).click();
  const result = page.getByRole("status").filter({ hasText: "4 changed, 0 failed" });
  await expect(result).toBeVisible();
  await expect.poll(async () => Object.values(await server()).filter((r) => r.status === "resolved").length).toBe(4);
  await result.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "4 changed, 0 failed" })).toBeVisible();
  await expect.poll(server).toEqual(original);
  await page.getByRole("status").getByRole("button", { name: "Close" }).click();

  // Due date: one day for all four, then Undo clears it on three and gives the fourth its own back.
  await bar.getByRole("combobox", { name: "Change" }).selectOption("dueDate");
  await bar.getByLabel("Due date").fill("2027-01-15");
  await bar.getByRole("button", { name: "Apply to 4 reports" }).click();
  await expect(page.getByRole("status").filter({ hasText: "4 changed, 0 failed" })).toBeVisible();
  await expect
    .poll(async () =>
      Object.values(await server()).map((r) => new Date((r.dueDate ?? 0) * 1000).toISOString().slice(0, 10)),
    )
    .toEqual(["2027-01-15", "2027-01-15", "2027-01-15", "2027-01-15"]);
  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect.poll(server).toEqual(original);
  expect(original[seeded[1]?.id as string]?.dueDate).toBe(due);
});

test("moving selected reports to the Trash asks first, and offers no Undo", async ({ page, api }) => {
  onOneViewport("desktop");
  const manager = await api.signUp({ firstName: "Tara", lastName: "Trash" });
  const project = await api.createProject(manager.accessToken, { name: "Duplicates" });
  for (let i = 0; i < 3; i++) {
    await api.createReport(manager.accessToken, { projectId: project.id, priority: "low", description: `Dup ${i}` });
  }
  await signInAs(page, manager);
  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  const boxes = list.getByRole("checkbox", { name: /^Select SNAG-/ });
  await expect(boxes).toHaveCount(3);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const bar = page.getByRole("region", { name: "Bulk changes" });
  await bar.getByRole("combobox", { name: "Change" }).selectOption("trash");
  await bar.getByRole("button", { name: "Apply to 2 reports" }).click();
  const dialog = page.getByRole("dialog", { name: "Move 2 reports to the Trash?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(3);

  await bar.getByRole("button", { name: "Apply to 2 reports" }).click();
  await dialog.getByRole("button", { name: "Move to the Trash" }).click();
  const result = page.getByRole("status").filter({ hasText: "2 changed, 0 failed" });
  await expect(result).toBeVisible();
  await expect(result.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(1);
});

test.describe("with the installed app's service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("a bulk change made offline is queued as one item, applied once back online, and says which reports it could not change, after a reload too", async ({
    page,
    context,
    api,
  }) => {
    onOneViewport("mobile");
    const manager = await api.signUp({ firstName: "Ola", lastName: "Offline" });
    const project = await api.createProject(manager.accessToken, { name: "Basement walk" });
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await api.createReport(manager.accessToken, {
          projectId: project.id,
          priority: "low",
          description: `Damp ${i}`,
        }),
      );
    }
    await signInAs(page, manager);
    await page.goto("/app/snagging");
    await installServiceWorker(page);
    const list = page.getByRole("list", { name: "Snagging reports" });
    const boxes = list.getByRole("checkbox", { name: /^Select SNAG-/ });
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await box.check();
    const bar = page.getByRole("region", { name: "Bulk changes" });
    await expect(bar.getByText("3 selected")).toBeVisible();

    await context.setOffline(true);
    await bar.getByRole("combobox", { name: "Change" }).selectOption("priority");
    await bar.getByRole("combobox", { name: "Priority" }).selectOption("critical");
    await bar.getByRole("button", { name: "Apply to 3 reports" }).click();
    await expect(
      page.getByText("Saved offline: the change to 3 reports is sent once you are back online."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "1 pending" })).toBeVisible();

    // Meanwhile one of them is moved to the Trash from another device.
    const gone = made[1] as (typeof made)[number];
    await api.call("DELETE", `/snagging/${gone.id}`, undefined, manager.accessToken);

    await context.setOffline(false);
    await expect(page.getByRole("button", { name: "1 pending" })).toBeHidden();
    const reports = async () =>
      (await api.call<{ reports: { priority: string }[] }>("GET", "/snagging", undefined, manager.accessToken)).reports;
    await expect.poll(async () => (await reports()).filter((r) => r.priority === "critical").length).toBe(2);
    // The two others changed; the person is told which report was not, and why, until they close it.
    const notice = page.getByRole("alert").filter({ hasText: "Bulk change made offline — changed: 2 of 3." });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("listitem")).toHaveCount(1);
    await expect(notice.getByRole("listitem")).toContainText(`${gone.title}: Report not found`);
    // Kept on the device (decision 0085): a reload still shows it, until it is closed.
    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("listitem")).toContainText(`${gone.title}: Report not found`);
    await notice.getByRole("button", { name: "Close" }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Synced" })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe("offline, with the installed app's service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("Undo of a bulk change made offline takes it back out of the outbox: nothing is sent", async ({
    page,
    context,
    api,
  }) => {
    onOneViewport("mobile"); // offline on site (decision 0041)
    const manager = await api.signUp({ firstName: "Una", lastName: "Unsent" });
    const project = await api.createProject(manager.accessToken, { name: "Loft walk" });
    for (let i = 0; i < 2; i++) {
      await api.createReport(manager.accessToken, {
        projectId: project.id,
        priority: "low",
        description: `Eaves ${i}`,
      });
    }
    await signInAs(page, manager);
    await page.goto("/app/snagging");
    await installServiceWorker(page);
    const list = page.getByRole("list", { name: "Snagging reports" });
    const boxes = list.getByRole("checkbox", { name: /^Select SNAG-/ });
    await expect(boxes).toHaveCount(2);
    for (const box of await boxes.all()) await box.check();
    const bar = page.getByRole("region", { name: "Bulk changes" });

    await context.setOffline(true);
    await bar.getByRole("combobox", { name: "Change" }).selectOption("priority");
    await bar.getByRole("combobox", { name: "Priority" }).selectOption("critical");
    await bar.getByRole("button", { name: "Apply to 2 reports" }).click();
    const queued = page
      .getByRole("status")
      .filter({ hasText: "Saved offline: the change to 2 reports is sent once you are back online." });
    await expect(queued).toBeVisible();
    await expect(page.getByRole("button", { name: "1 pending" })).toBeVisible();

    await queued.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Undone: the change was taken out of the outbox before it was sent.")).toBeVisible();
    await expect(page.getByRole("button", { name: "1 pending" })).toHaveCount(0);

    // Back online: nothing waits, and the server never saw the change.
    await context.setOffline(false);
    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("button", { name: /pending/ })).toHaveCount(0);
    const priorities = (
      await api.call<{ reports: { priority: string }[] }>("GET", "/snagging", undefined, manager.accessToken)
    ).reports.map((r) => r.priority);
    expect(priorities).toEqual(["low", "low"]);
  });
});
