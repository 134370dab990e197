// Bulk changes on the plan (issue 39, decision 0085): "Select pins" turns taps on pins into
// picking them (each pin a pressed toggle, from the keyboard too), "Select all N shown" takes the
// pins the filters show, and the report list's own bulk bar assigns the picked reports in one go,
// with its Undo. The plan stays where it was on a phone (issue 33): the bar sits over its foot.
// Phone (390 × 844, issue 33) and desktop: the plan viewer is used on both (decision 0041).
import { expect, isMobile, type Session, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { readySheet } from "../support/sheets";

test.describe.configure({ timeout: 90_000 });

type ApiReport = { id: string; assignedTo: string | null };

test("pick three pins on the plan, assign them in one go, see it on the plan and the list, and undo", async ({
  page,
  api,
  baseURL,
}) => {
  const manager = await api.signUp({ firstName: "Pia", lastName: "Planner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, manager.accessToken);
  const mate = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Sam",
    lastName: "Sparks",
    email: `sam.plan.${process.pid}.${Date.now()}@example.com`,
    password: "site-walk-2026",
  });
  const project = await api.createProject(manager.accessToken, { name: "Plan walk" });
  const sheetId = await readySheet(api, baseURL as string, manager.accessToken, project.id, "Level 3.png");
  const made = [];
  for (const [pinX, pinY] of [
    [0.2, 0.3],
    [0.5, 0.3],
    [0.8, 0.3],
    [0.5, 0.75],
  ] as const) {
    made.push(
      await api.createReport(manager.accessToken, { projectId: project.id, priority: "medium", sheetId, pinX, pinY }),
    );
  }
  const [a, b, c, d] = made as [
    (typeof made)[number],
    (typeof made)[number],
    (typeof made)[number],
    (typeof made)[number],
  ];
  const assignedToSam = async () =>
    (await api.call<{ reports: ApiReport[] }>("GET", "/snagging", undefined, manager.accessToken)).reports
      .filter((r) => r.assignedTo === mate.user.id)
      .map((r) => r.id)
      .sort();

  await signInAs(page, manager);
  if (isMobile(page)) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Level 3/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");
  const pin = (title: string) => page.getByRole("button", { name: new RegExp(`^${title}:`) });
  for (const r of made) await expect(pin(r.title)).toHaveAttribute("aria-pressed", "false");

  // "Select pins" is a toggle over the plan; on, the bulk bar offers the pins shown.
  const selecting = page.getByRole("button", { name: "Select pins" });
  await expect(selecting).toHaveAttribute("aria-pressed", "false");
  await selecting.click();
  await expect(selecting).toHaveAttribute("aria-pressed", "true");
  const bar = page.getByRole("region", { name: "Bulk changes" });
  await expect(bar.getByText("0 selected")).toBeVisible();
  await bar.getByRole("button", { name: "Select all 4 shown" }).click();
  await expect(bar.getByText("4 selected")).toBeVisible();
  for (const r of made) await expect(pin(r.title)).toHaveAttribute("aria-pressed", "true");
  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar.getByText("0 selected")).toBeVisible();

  // The plan did not move down the screen for it (issue 33): it still starts in the upper half.
  const viewport = page.viewportSize();
  const box = await plan.boundingBox();
  if (!viewport || !box) throw new Error("plan not laid out");
  expect(box.y).toBeLessThan(viewport.height / 2);

  // Two pins tapped, the third from the keyboard (Space on the focused pin); a tap toggles.
  await pin(a.title).click();
  await pin(b.title).click();
  await pin(b.title).click();
  await expect(pin(b.title)).toHaveAttribute("aria-pressed", "false");
  await pin(b.title).click();
  await pin(c.title).focus();
  await page.keyboard.press("Space");
  await expect(bar.getByText("3 selected")).toBeVisible();
  for (const r of [a, b, c]) await expect(pin(r.title)).toHaveAttribute("aria-pressed", "true");
  await expect(pin(d.title)).toHaveAttribute("aria-pressed", "false");
  // No pin's card opened, and no new snag was started by a tap.
  await expect(page.getByRole("button", { name: "Close the card" })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(`/app/projects/${project.id}/sheets/${sheetId}`);

  const assign = async () => {
    await bar.getByRole("combobox", { name: "Change" }).selectOption("assign");
    await bar.getByRole("combobox", { name: "Assignee" }).selectOption({ label: "Sam Sparks" });
    await bar.getByRole("button", { name: "Apply to 3 reports" }).click();
    const result = page.getByRole("status").filter({ hasText: "3 changed, 0 failed" });
    await expect(result).toBeVisible();
    return result;
  };
  const picked = [a.id, b.id, c.id].sort();
  let result = await assign();
  const scan = await axe(page)
    .include('section[aria-label="Bulk changes"]')
    .include('[role="status"][aria-live="polite"]')
    .include('section[aria-label^="Plan Level 3"]')
    .withTags(WCAG_21_AA)
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await expect.poll(assignedToSam).toEqual(picked);

  // Undo, from the result, within its 10 seconds: nobody is assigned any more.
  await result.getByRole("button", { name: "Undo" }).click();
  await expect.poll(assignedToSam).toEqual([]);
  await page
    .getByRole("status")
    .filter({ hasText: "3 changed, 0 failed" })
    .getByRole("button", { name: "Close" })
    .click();

  // Once more, kept this time: the plan's assignee filter shows the three, the list names Sam.
  result = await assign();
  await expect.poll(assignedToSam).toEqual(picked);
  await result.getByRole("button", { name: "Close" }).click();
  await selecting.click();
  await expect(selecting).toHaveAttribute("aria-pressed", "false");
  await expect(bar).toHaveCount(0);
  await expect(pin(a.title)).toHaveAttribute("aria-pressed", "false");
  if (isMobile(page)) await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Assignee").selectOption({ label: "Sam Sparks" });
  await expect(page.getByText("3 of 4 pins shown")).toBeVisible();
  await expect(pin(d.title)).toHaveCount(0);

  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await expect(list.getByText("Sam Sparks")).toHaveCount(3);
});
