// Live updates (issue 39): a teammate's changes, made through the API as their phone would make
// them or on their own device, appear on the first person's open list, report page and plan
// without a reload; a report deleted elsewhere turns its open page into "Report Not Found".
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { createDefects } from "../snagging-seed";
import { pinCentre, readySheet, restingCentre } from "../support/sheets";

test("a teammate's new report and comment appear on the open list and report page without a reload", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("desktop"); // the office watching the list; no layout involved (decision 0041)
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const call = async <T>(method: string, path: string, token: string | undefined, body?: unknown) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { token } = await call<{ token: string }>("POST", "/invitations", owner.accessToken, { email: "" });
  const sam = await call<{ accessToken: string }>("POST", `/invitations/token/${token}/register`, undefined, {
    firstName: "Sam",
    lastName: "Teammate",
    email: `sam.${Date.now()}@example.com`,
    password: "teammate-pass-1",
  });
  const project = await api.createProject(owner.accessToken, { name: "Canal Wharf" });
  const first = await api.createReport(owner.accessToken, { projectId: project.id, priority: "low" });

  await signInAs(page, owner);
  await page.goto("/app/snagging");
  await expect(page.getByRole("link", { name: new RegExp(first.title) })).toBeVisible();
  // Navigations are counted: the changes below must arrive without one.
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });

  const second = await api.createReport(sam.accessToken, {
    projectId: project.id,
    priority: "high",
    description: "📷 Photo 1 - Flat 3.04: Cracked tile",
  });
  await expect(page.getByRole("link", { name: new RegExp(second.title) })).toBeVisible({ timeout: 10_000 });

  await page.getByRole("link", { name: new RegExp(first.title) }).click();
  const comments = page.getByRole("region", { name: "Comments" });
  await expect(comments).toBeVisible();
  await call("POST", `/snagging/${first.id}/comments`, sam.accessToken, { body: "Tiler booked for Monday" });
  await expect(comments.getByText("Tiler booked for Monday")).toBeVisible({ timeout: 10_000 });

  // Deleted from another phone: the open page says so by itself, before anyone taps a button.
  await api.call("DELETE", `/snagging/${first.id}`, undefined, owner.accessToken);
  await expect(page.getByRole("heading", { name: "Report Not Found" })).toBeVisible({ timeout: 10_000 });
  expect(loads).toBe(0);
});

test("a change arriving while Load more is loading does not cut the next page off", async ({ page, api }) => {
  onOneViewport("desktop"); // the list's paging, not its layout
  test.slow(); // 55 reports to seed and fifty cards to render
  const owner = await api.signUp({ firstName: "Pam", lastName: "Paged" });
  const project = await api.createProject(owner.accessToken, { name: "Quarry Mews" });
  await createDefects(api, owner.accessToken, project.id, 55);
  await signInAs(page, owner);
  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(50, { timeout: 15_000 });

  // The next page's answer is held until a change made elsewhere has reached this page's stream.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/snagging\?.*cursor=/, async (route) => {
    await held;
    await route.continue().catch(() => undefined); // cancelled by the page meanwhile: nothing to answer
  });
  const nextPage = page.waitForRequest(/\/api\/snagging\?.*cursor=/);
  await page.getByRole("button", { name: "Load more" }).click();
  await nextPage;
  // The event makes the notification bell's list stale too: its refetch says the event has arrived.
  const arrived = page.waitForRequest(/\/api\/notifications\?/);
  const fresh = await api.createReport(owner.accessToken, { projectId: project.id, priority: "high" });
  await arrived;
  release();

  // The tap was not lost: all 55, then the new one with them, and nothing left to load.
  await expect(list.getByRole("listitem")).toHaveCount(56, { timeout: 10_000 });
  await expect(page.getByRole("link", { name: new RegExp(fresh.title) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("a teammate's status change and pin move show on the open plan without a reload", async ({
  page,
  browser,
  api,
  baseURL,
}) => {
  test.slow(); // a drawing to render and two people's screens on a busy 2-core machine
  const owner = await api.signUp({ firstName: "Nadia", lastName: "Planner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const sam = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Sam",
    lastName: "Site",
    email: `sam.plan.${process.pid}.${Date.now()}@example.com`,
    password: "teammate-pass-1",
  });
  const project = await api.createProject(owner.accessToken, { name: "Harbour Lofts" });
  const sheetId = await readySheet(api, baseURL as string, owner.accessToken, project.id, "Level 3.png");
  const report = await api.createReport(owner.accessToken, {
    projectId: project.id,
    priority: "high",
    sheetId,
    pinX: 0.5,
    pinY: 0.5,
  });

  // Nadia has the plan open.
  await signInAs(page, owner);
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Level 3/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");
  await plan.scrollIntoViewIfNeeded();
  const openPin = page.getByRole("button", { name: new RegExp(`^${report.title}: open, high priority`) });
  await expect(openPin).toBeVisible();
  expect(await openPin.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(220, 38, 38)");
  const before = await pinCentre(openPin);
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });

  // Sam, on his own device, starts work on the snag from its page.
  const other = await browser.newContext({ baseURL });
  try {
    const samPage = await other.newPage();
    await signInAs(samPage, sam);
    await samPage.goto(`/app/snagging/${report.id}`);
    await samPage.getByRole("region", { name: "Change Status" }).getByRole("button", { name: "In-progress" }).click();
    await expect(samPage.getByText("Status updated successfully")).toBeVisible();
  } finally {
    await other.close();
  }

  // Nadia's pin turns amber where it is.
  const busyPin = page.getByRole("button", { name: new RegExp(`^${report.title}: in progress, high priority`) });
  await expect(busyPin).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => busyPin.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(217, 119, 6)");

  // Sam's phone moves the pin to the left quarter of the sheet: it moves on Nadia's plan too.
  await api.call("PATCH", `/snagging/${report.id}`, { sheetId, pinX: 0.2, pinY: 0.5 }, sam.accessToken);
  await expect
    .poll(
      async () => {
        const now = await restingCentre(busyPin);
        return now !== null && now.x < before.x - 20 && Math.abs(now.y - before.y) < 4;
      },
      { timeout: 10_000, message: "the pin moved left on the open plan" },
    )
    .toBe(true);
  expect(loads).toBe(0);
});
