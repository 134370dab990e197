// The plan heatmap (issue 37): on a sheet with pins, "Heatmap" lays their density over the drawing,
// under the pins, coloured by status, or by the age of the open snags; its legend names each colour
// with its count. Turned on and off from the keyboard; axe-clean. Phone and desktop (the plan
// viewer is used on both, decision 0041).
import { expect, isMobile, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { pinCentre, readySheet } from "../support/sheets";

test.describe.configure({ timeout: 90_000 });

test("the heatmap shows where the snags are, by status or by age, with its legend", async ({ page, api, baseURL }) => {
  const session = await api.signUp({ firstName: "Hana", lastName: "Heat" });
  const project = await api.createProject(session.accessToken, { name: "Heat Block" });
  const sheetId = await readySheet(api, baseURL as string, session.accessToken, project.id);
  // Three open snags crowded at the top left, one resolved alone at the bottom right.
  for (const [pinX, pinY] of [
    [0.22, 0.3],
    [0.25, 0.3],
    [0.28, 0.32],
  ] as const) {
    await api.createReport(session.accessToken, { projectId: project.id, priority: "high", sheetId, pinX, pinY });
  }
  const lone = await api.createReport(session.accessToken, {
    projectId: project.id,
    priority: "low",
    status: "resolved",
    sheetId,
    pinX: 0.75,
    pinY: 0.7,
  });
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}/sheets/${sheetId}`);
  const plan = page.getByRole("region", { name: /^Plan Roof/ });
  await expect(plan).toHaveAttribute("aria-busy", "false");
  const layer = page.locator("canvas[data-heatmap]");
  const toggle = page.getByRole("button", { name: "Heatmap" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(layer).toHaveCount(0);

  // From the keyboard: focus the toggle, Space turns the layer on.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(layer).toHaveAttribute("data-mode", "status");
  const legend = page.getByRole("region", { name: "Heatmap legend" });
  const entry = (name: string) => legend.getByRole("listitem").filter({ hasText: name });
  await expect(entry("Open")).toHaveText("Open3");
  await expect(entry("Resolved")).toHaveText("Resolved1");
  await expect(entry("Closed")).toHaveText("Closed0");

  // The layer covers the sheet as drawn on screen: the lone pin sits at 75 % × 70 % of it.
  const centre = await pinCentre(page.getByRole("button", { name: new RegExp(`^${lone.title}:`) }));
  await expect
    .poll(async () => {
      const box = await layer.boundingBox();
      if (!box) return null;
      return [Math.round(((centre.x - box.x) / box.width) * 100), Math.round(((centre.y - box.y) / box.height) * 100)];
    })
    .toEqual([75, 70]);
  // Under the pins: the pin is what a tap at its place hits.
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-pin]") !== null, centre),
  ).toBe(true);

  // Its pixels: red (open, the badge colour) where the three crowd, green (resolved) at the lone
  // one, denser where there are more, clear between them.
  const pixel = (x: number, y: number) =>
    layer.evaluate(
      (canvas: HTMLCanvasElement, at) => {
        const data = canvas
          .getContext("2d")
          ?.getImageData(Math.floor(at.x * canvas.width), Math.floor(at.y * canvas.height), 1, 1).data;
        return data ? [...data] : [];
      },
      { x, y },
    );
  const crowd = await pixel(0.25, 0.305);
  const alone = await pixel(0.75, 0.7);
  // Within a few levels: the canvas keeps its pixels premultiplied by their opacity.
  const near = (rgba: number[], rgb: number[]) => rgb.every((v, i) => Math.abs((rgba[i] as number) - v) <= 4);
  expect(near(crowd, [0xdc, 0x26, 0x26]), String(crowd)).toBe(true);
  expect(near(alone, [0x05, 0x96, 0x69]), String(alone)).toBe(true);
  expect(crowd[3]).toBeGreaterThan(alone[3] as number);
  expect((await pixel(0.5, 0.05))[3]).toBe(0);

  const scan = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

  // By age: only the open snags, all filed today.
  await page.getByLabel("Colour by").selectOption({ label: "Age of open snags" });
  await expect(layer).toHaveAttribute("data-mode", "age");
  await expect(entry("0–7 days")).toHaveText("0–7 days3");
  await expect(entry("Over 90 days")).toHaveText("Over 90 days0");
  expect((await pixel(0.75, 0.7))[3]).toBe(0);
  expect((await pixel(0.25, 0.305))[3]).toBeGreaterThan(0);

  // The pins' filters apply to it too.
  if (isMobile(page)) await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel(/^Status/).selectOption("resolved");
  await expect(entry("0–7 days")).toHaveText("0–7 days0");
  await expect(legend).toContainText("No snags to show with these filters.");

  // Off again: the layer and its legend go.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(layer).toHaveCount(0);
  await expect(legend).toHaveCount(0);
});
