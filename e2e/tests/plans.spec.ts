// Drawings and pins (issue 24): upload a drawing on the project's Plans tab, open it, tap the plan
// to file a snag there, see its pin in the status colour, recolour it by a status change, filter,
// and drag it elsewhere (with Undo); reach every pin from the keyboard. Phone and desktop.
import type { Page } from "@playwright/test";
import { expect, isMobile, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";
import { expectPersisted, installServiceWorker } from "../support/offline";
import { pinCentre, readySheet, restingCentre } from "../support/sheets";
import { choosePhotos, describePhoto, jpegFile } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

// Uploading and drawing a plan, then a snag filed through the form, on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

type ApiReport = {
  id: string;
  title: string;
  status: string;
  sheetId: string | null;
  pinX: number | null;
  pinY: number | null;
};

async function reportsOf(baseUrl: string, token: string): Promise<ApiReport[]> {
  const res = await fetch(`${baseUrl}/api/snagging`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { reports: ApiReport[] }).reports;
}

/** Uploads a drawing from the Plans tab and waits until it has been drawn (its thumbnail shows). */
async function uploadPlan(page: Page, projectId: string) {
  await page.goto(`/app/projects/${projectId}`);
  await page.getByRole("tab", { name: "Plans" }).click();
  await expect(page.getByText("No drawings yet")).toBeVisible();
  await page.getByLabel("Level or area (optional)").fill("Level 2");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload drawing" }).click();
  await (await chooser).setFiles({
    name: "Level 2 plan.png",
    mimeType: "image/png",
    buffer: makePng([240, 240, 240], 1600, 1200),
  });
  const card = page.getByRole("link", { name: /Level 2 plan/ });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText("Preparing…", { timeout: 30_000 });
  // The thumbnail is decorative (alt=""), so it is found by its element, not its role.
  await expect(card.locator("img")).toHaveJSProperty("complete", true);
  await expect(card).toContainText("Level 2 · Rev 1");
  return card;
}

const pinColour = (page: Page, name: RegExp) =>
  page.getByRole("button", { name }).evaluate((el) => getComputedStyle(el).backgroundColor);

async function openPlan(page: Page, session: Session, projectId: string) {
  await signInAs(page, session);
  const card = await uploadPlan(page, projectId);
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: "Level 2 plan" })).toBeVisible();
  const plan = page.getByRole("region", { name: /^Plan Level 2 plan/ });
  await expect(plan.locator("canvas")).toBeVisible();
  await expect(plan).toHaveAttribute("aria-busy", "false");
  return plan;
}

test("a drawing uploaded, a snag filed by tapping the plan, its pin coloured by status, filtered and moved", async ({
  page,
  api,
  baseURL,
}) => {
  const session = await api.signUp({ firstName: "Ada", lastName: "Walker" });
  const project = await api.createProject(session.accessToken, { name: "Tower B" });
  const plan = await openPlan(page, session, project.id);
  await expect(page.getByText("0 pins")).toBeVisible();

  // Tap the plan: the snag form opens with the project, the sheet and the position filled.
  const box = await plan.boundingBox();
  if (!box) throw new Error("plan not laid out");
  await plan.click({ position: { x: box.width / 2, y: box.height / 2 } });
  // The form's own chunk and its reads come in on a busy machine: more than the default wait.
  await expect(page.getByRole("heading", { level: 1, name: "New Snagging Report" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Project")).toHaveValue(project.id, { timeout: 30_000 });
  await expect(page.getByText(/Pinned on the plan \(\d+% across, \d+% down\)/)).toBeVisible();
  await choosePhotos(page, "Choose photos", [
    jpegFile("wall.jpg", await makeJpeg(page, { width: 640, height: 480, hue: 30 })),
  ]);
  await describePhoto(page, 1, "Corridor 2.1", "Plaster cracked");
  await page.getByRole("radio", { name: "High" }).check();
  await page.getByRole("button", { name: "Save report" }).click();

  // Back on the plan, the new pin is there in the open status's red.
  await expect(page.getByRole("heading", { level: 1, name: "Level 2 plan" })).toBeVisible();
  const [report] = await reportsOf(baseURL as string, session.accessToken);
  if (!report) throw new Error("no report made");
  expect(report.sheetId).not.toBeNull();
  expect(report.pinX).toBeGreaterThan(0.3);
  expect(report.pinX).toBeLessThan(0.7);
  const pinName = new RegExp(`^${report.title}: open, high priority`);
  await expect(page.getByRole("button", { name: pinName })).toBeVisible();
  expect(await pinColour(page, pinName)).toBe("rgb(220, 38, 38)");

  // Tap the pin: its card, with the way to the report.
  await page.getByRole("button", { name: pinName }).click();
  await expect(page.getByRole("link", { name: `Open report ${report.title}` })).toBeVisible();
  await page.getByRole("button", { name: "Close the card" }).click();

  // Someone resolves it: the pin turns green.
  await api.call("PATCH", `/snagging/${report.id}`, { status: "resolved" }, session.accessToken);
  await page.reload();
  const resolvedName = new RegExp(`^${report.title}: resolved, high priority`);
  await expect(page.getByRole("button", { name: resolvedName })).toBeVisible();
  expect(await pinColour(page, resolvedName)).toBe("rgb(5, 150, 105)");

  // Filters: open snags only hides it; resolved shows it again. On a phone they open on demand.
  if (isMobile(page)) await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Status").selectOption("open");
  await expect(page.getByText("0 of 1 pins shown")).toBeVisible();
  await expect(page.getByRole("button", { name: resolvedName })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("resolved");
  await expect(page.getByRole("button", { name: resolvedName })).toBeVisible();

  // Drag the pin to move it; Undo puts it back.
  const pin = page.getByRole("button", { name: resolvedName });
  await plan.scrollIntoViewIfNeeded();
  const at = await pinCentre(pin);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x - 80, at.y - 40, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText("Pin moved.")).toBeVisible();
  await expect
    .poll(async () => (await reportsOf(baseURL as string, session.accessToken))[0]?.pinX)
    .toBeLessThan(report.pinX as number);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await reportsOf(baseURL as string, session.accessToken))[0]?.pinX).toBe(report.pinX);

  const scan = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
});

test("a two-finger pinch zooms the plan around the fingers' midpoint", async ({ page, api, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "pinch is a touch gesture");
  const session = await api.signUp({ firstName: "Pia", lastName: "Pinch" });
  const project = await api.createProject(session.accessToken, { name: "Roof works" });
  const sheetId = await readySheet(api, baseURL as string, session.accessToken, project.id);
  const report = await api.createReport(session.accessToken, {
    projectId: project.id,
    priority: "low",
    sheetId,
    pinX: 0.5,
    pinY: 0.5,
  });
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Roof/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");
  await plan.scrollIntoViewIfNeeded();
  const pin = page.getByRole("button", { name: new RegExp(`^${report.title}: open`) });
  // Where the pin rests before the gesture (the viewer may still be settling after opening).
  const before = await pinCentre(pin);
  // The fingers' midpoint is up and left of the pin (which sits at the plan's centre, so a zoom
  // around the centre would leave the pin where it is); they spread from 60 px apart to 180 px.
  const mid = { x: before.x - 40, y: before.y - 30 };
  const fingers = (gap: number) => [
    { x: Math.round(mid.x - gap / 2), y: Math.round(mid.y), id: 0 },
    { x: Math.round(mid.x + gap / 2), y: Math.round(mid.y), id: 1 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(60) });
  for (let step = 1; step <= 8; step += 1)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(60 + 15 * step) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

  // The point under the midpoint stays under it: the pin moved away from the midpoint along the
  // same line, by the zoom factor (about 3, the fingers' spread; more than 1.5 however it settles),
  // read once the zoom has come to rest.
  await expect
    .poll(async () => {
      const after = await restingCentre(pin);
      if (!after) return false;
      const was = { x: before.x - mid.x, y: before.y - mid.y };
      const now = { x: after.x - mid.x, y: after.y - mid.y };
      const scale = Math.hypot(now.x, now.y) / Math.hypot(was.x, was.y);
      const sine = (was.x * now.y - was.y * now.x) / (Math.hypot(was.x, was.y) * Math.hypot(now.x, now.y));
      return scale > 1.5 && Math.abs(sine) < 0.1;
    })
    .toBe(true);
});

test("the keyboard reaches every pin: Next and Previous bring pins outside the view into it, with their card", async ({
  page,
  api,
  baseURL,
}) => {
  const session = await api.signUp({ firstName: "Kim", lastName: "Keys" });
  const project = await api.createProject(session.accessToken, { name: "Basement" });
  const sheetId = await readySheet(api, baseURL as string, session.accessToken, project.id);
  // Two corners, and a pair near the centre that a zoomed-out view draws as one cluster.
  const spots = [
    [0.05, 0.05],
    [0.5, 0.5],
    [0.52, 0.5],
    [0.95, 0.9],
  ] as const;
  const titles: string[] = [];
  for (const [pinX, pinY] of spots) {
    const report = await api.createReport(session.accessToken, {
      projectId: project.id,
      priority: "low",
      // A card as tall as a real one: it must not hide its pin on a phone.
      description:
        "Gap under the door frame, daylight visible; the seal is missing on both sides and the threshold is loose.",
      sheetId,
      pinX,
      pinY,
    });
    titles.push(report.title);
  }
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Roof/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");
  const pinButton = (title: string) => page.getByRole("button", { name: new RegExp(`^${title}: open`) });
  // Zoomed in on the centre, the corner pins are outside the view and its margin: no button to Tab to.
  for (let i = 0; i < 3; i += 1) await page.getByRole("button", { name: "Zoom in", exact: true }).click();
  await expect(pinButton(titles[0] as string)).toHaveCount(0);
  await expect(pinButton(titles[3] as string)).toHaveCount(0);

  // From the keyboard, in reading order (top to bottom, then left to right): each pin is brought
  // into view as its own button, its card shows, and the focus stays on "Next pin".
  const next = page.getByRole("button", { name: "Next pin" });
  await next.focus();
  for (const [i, title] of titles.entries()) {
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Pin ${i + 1} of 4: ${title}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: `Open report ${title}` })).toBeVisible();
    await expect(pinButton(title)).toBeInViewport();
    await expect(pinButton(title)).toHaveAttribute("aria-pressed", "true");
    await expect(next).toBeFocused();
    // Its card never hides it (on a phone the card covers the bottom of the screen).
    const centre = await pinCentre(pinButton(title));
    const card = await page.getByRole("region", { name: title }).boundingBox();
    expect(card && (centre.y < card.y || centre.x < card.x || centre.x > card.x + card.width), title).toBe(true);
  }
  // Past the last pin "Next" goes round to the first; "Previous" goes back.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Pin 1 of 4: ${titles[0]}` })).toBeVisible();
  await page.getByRole("button", { name: "Previous pin" }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Pin 4 of 4: ${titles[3]}` })).toBeVisible();
  await expect(pinButton(titles[3] as string)).toBeInViewport();
  // The pin brought into view is in the tab order: Enter on it opens its card as a tap does.
  await pinButton(titles[3] as string).focus();
  await expect(pinButton(titles[3] as string)).toBeFocused();
});

test("the plan is the first thing the screen shows; on a phone filters and sheet actions open on demand", async ({
  page,
  api,
  baseURL,
}) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Harbour Block" });
  const sheetId = await readySheet(api, baseURL as string, session.accessToken, project.id, "Ground floor.png");
  await api.createReport(session.accessToken, {
    projectId: project.id,
    priority: "high",
    sheetId,
    pinX: 0.5,
    pinY: 0.5,
  });
  await signInAs(page, session);
  // The phone of the report (issue 33): 390 × 844.
  if (isMobile(page)) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Ground floor/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");

  // Loaded and not scrolled: the drawing's box starts in the upper half of the screen.
  const viewport = page.viewportSize();
  const box = await plan.boundingBox();
  if (!viewport || !box) throw new Error("plan not laid out");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box.y).toBeLessThan(viewport.height / 2);
  expect(box.y + box.height).toBeGreaterThan(viewport.height / 2);
  await expect(page.getByRole("button", { name: "Next pin" })).toBeInViewport();
  await expect(page.getByText("1 pins")).toBeVisible();

  if (!isMobile(page)) {
    // The desktop keeps its layout: filters and the sheet's actions beside the plan.
    await expect(page.getByLabel("Status")).toBeVisible();
    await expect(page.getByRole("button", { name: "Rename" })).toBeVisible();
    return;
  }
  // On a phone the filters and the sheet's actions wait behind their buttons, from the keyboard too.
  const filters = page.getByRole("button", { name: "Filters" });
  const actions = page.getByRole("button", { name: "Sheet actions" });
  await expect(page.getByLabel("Status")).toBeHidden();
  await expect(page.getByRole("button", { name: "Rename" })).toBeHidden();
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await filters.focus();
  await page.keyboard.press("Enter");
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await page.getByLabel("Status").selectOption("resolved");
  await expect(page.getByText("0 of 1 pins shown")).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
  await actions.press("Enter");
  await expect(page.getByLabel("Status")).toBeHidden();
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("dialog", { name: "Rename sheet" })).toBeVisible();
});

test.describe("offline", () => {
  // The real service worker, as an installed app would run it.
  test.use({ serviceWorkers: "allow" });

  test("a project made available offline opens its sheet with its pins after an offline reload", async ({
    page,
    context,
    api,
  }) => {
    onOneViewport("mobile"); // offline on site (decision 0041)
    const session = await api.signUp({ firstName: "Olu", lastName: "Offline" });
    const project = await api.createProject(session.accessToken, { name: "Basement works" });
    await signInAs(page, session);
    await uploadPlan(page, project.id);
    const { sheets } = await api.call<{ sheets: { id: string; tileBytes: number }[] }>(
      "GET",
      `/projects/${project.id}/sheets`,
      undefined,
      session.accessToken,
    );
    const sheetId = sheets[0]?.id as string;
    const report = await api.createReport(session.accessToken, {
      projectId: project.id,
      priority: "critical",
      description: "",
      sheetId,
      pinX: 0.3,
      pinY: 0.6,
    });
    await installServiceWorker(page);

    // The size before, the storage used after.
    await page.getByRole("tab", { name: "Plans" }).click();
    const make = page.getByRole("button", { name: /^Make available offline \(\d+(\.\d)? (KB|MB)\)$/ });
    await expect(make).toBeVisible();
    await make.click();
    await expect(
      page.getByText(/^Available offline: \d+(\.\d)? (KB|MB) on this device · storage used .+ of .+\.$/),
    ).toBeVisible();
    await expectPersisted(page, ["projects", "sheet", sheetId]);

    await context.setOffline(true);
    await page.getByRole("link", { name: /Level 2 plan/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Level 2 plan" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Level 2 plan" })).toBeVisible();
    const pin = page.getByRole("button", { name: new RegExp(`^${report.title}: open, critical priority`) });
    await expect(pin).toBeVisible();
    // Tiles came from the offline copy: answered 200 with no network, and none is in the cache of
    // tiles seen online (which holds the card's thumbnail, shown online before).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType("resource")
              .filter(
                (e) =>
                  e.name.includes("/files/sheets/") &&
                  (e as PerformanceResourceTiming & { responseStatus?: number }).responseStatus === 200,
              ).length,
        ),
      )
      .toBeGreaterThan(0);
    const recentTiles = await page.evaluate(async () =>
      (await (await caches.open("plans-recent")).keys()).filter((r) => /\/\d+\/\d+-\d+\.jpg$/.test(r.url)),
    );
    expect(recentTiles).toHaveLength(0);
  });
});
