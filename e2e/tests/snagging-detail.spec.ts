import { readFile } from "node:fs/promises";
import { expect, isMobile, onOneViewport, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";

test("detail: fields, photos paired with their segments, viewer, resolved toggle", async ({ page, api }) => {
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto("/app/snagging");
  await page.getByRole("link", { name: new RegExp(cracked.title) }).click();

  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect(page.getByRole("img", { name: "Category: Finish" })).toBeVisible();
  await expect(page.getByText(`Report #${cracked.id}`)).toBeVisible();
  await expect(page.getByText("53.472346, -2.245124")).toBeVisible();
  await expect(page.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=53.472346,-2.245124",
  );
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Rita Surveyor");
  await expect(details).toContainText(/Created[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
  await expect(page.getByRole("link", { name: /Project\s*Canal Wharf Tower/ })).toHaveAttribute(
    "href",
    /\/app\/projects\//,
  );

  const photos = page.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(0)).toContainText("Flat 2.04 kitchen");
  await expect(photos.nth(0)).toContainText("Cracked floor tile by the sink");
  await expect(photos.nth(1)).toContainText("Stair core B");
  await expect(photos.nth(1)).toContainText("Handrail bracket loose");

  const toggle = page.getByRole("button", { name: "Photo 1 Resolved" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Photo 1 marked as resolved")).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Photo 1 marked as not resolved")).toBeVisible();

  const opener = page.getByRole("button", { name: "Open Photo 1 full screen" });
  await opener.click();
  const viewer = page.getByRole("dialog", { name: "Photo 1 of 2" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img", { name: "Photo 1: Flat 2.04 kitchen" })).toHaveAttribute(
    "src",
    cracked.attachments[0]?.file_path ?? "",
  );
  await expect(viewer.getByRole("button", { name: "Previous photo" })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toContainText("Handrail bracket loose");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toBeVisible();

  // A swipe to the left shows the next photo, to the right the previous one.
  const box = await page.getByRole("dialog").getByRole("img").boundingBox();
  if (!box) throw new Error("viewer image has no box");
  const y = box.y + box.height / 2;
  // Phones swipe with a finger (real touch events through CDP), desktops drag with the mouse.
  const cdp = isMobile(page) ? await page.context().newCDPSession(page) : null;
  const swipe = async (from: number, to: number) => {
    if (cdp) {
      const point = (x: number) => [{ x: Math.round(x), y: Math.round(y) }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from) });
      for (let i = 1; i <= 5; i += 1) {
        const x = from + ((to - from) * i) / 5;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x) });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      return;
    }
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(to, y + 5, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
  await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
  await expect(viewer).toBeVisible();

  // The buttons work from the keyboard, and the focus stays in the viewer at the last photo.
  const next = page.getByRole("dialog").getByRole("button", { name: "Next photo" });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
  await expect(next).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("status change, then the dashboard and the project page follow without a reload", async ({ page, api }) => {
  onOneViewport("desktop"); // data flow between screens, each on both viewports elsewhere (decision 0041)
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  const reportsCard = page.getByRole("link", { name: /^Snagging Reports \d/ });
  await expect(reportsCard).toContainText("1 open · 1 in progress");

  await page.goto(`/app/snagging/${cracked.id}`);
  const changer = page.getByRole("region", { name: "Change Status" });
  await expect(changer.getByRole("button", { name: "Open" })).toBeDisabled();
  await changer.getByRole("button", { name: "In-progress" }).click();
  await expect(page.getByText("Status updated successfully")).toBeVisible();
  await expect(changer.getByRole("button", { name: "In-progress" })).toBeDisabled();
  await expect(changer.getByRole("button", { name: "Open" })).toBeEnabled();
  await expect(page.getByRole("region", { name: "Details" })).toContainText("In-progress");

  await page.getByRole("link", { name: /Project\s*Canal Wharf Tower/ }).click();
  await page.getByLabel("Filter by status").selectOption("in-progress");
  await expect(page.getByRole("list", { name: "Project snagging reports" }).getByRole("listitem")).toHaveCount(2);

  if (isMobile(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(reportsCard).toContainText("0 open · 2 in progress");
});

test("PDF download saves the report's file name; a failure says so", async ({ page, api }) => {
  onOneViewport("desktop");
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  await expect(page.getByText("Generating PDF...")).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`snagging-report-${cracked.id}.pdf`);
  await expect(page.getByText("PDF downloaded successfully!")).toBeVisible();
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The server failing is simulated at the network edge: nothing else produces a PDF error on demand.
  await page.route("**/download-pdf", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
  await page.getByRole("button", { name: "Download PDF" }).click();
  await expect(page.getByText("Failed to download PDF")).toBeVisible();
  await expect(page.getByText("boom")).toHaveCount(0);
});

test("delete asks first, then the list and the project page no longer show it", async ({ page, api }) => {
  const { session, cracked, project } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}`);
  const projectReports = page.getByRole("list", { name: "Project snagging reports" }).getByRole("listitem");
  await expect(projectReports).toHaveCount(3);
  await page.getByRole("link", { name: new RegExp(cracked.title) }).click();
  // The project page has a Delete button of its own: wait until the report's page is showing.
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete report?" });
  await expect(confirm.getByText("Are you sure you want to delete this report?")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete Report" }).click();
  await expect(page.getByText("Report deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging$/);
  await expect(page.getByText("Failed to load report")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText(cracked.title)).toHaveCount(0);

  // The deleted report's page was replaced in the history: Back returns to the project.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Canal Wharf Tower" })).toBeVisible();
  await expect(projectReports).toHaveCount(2);

  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { name: "Report Not Found" })).toBeVisible();
  await page.getByRole("button", { name: "Back to Reports" }).click();
  await expect(page).toHaveURL(/\/app\/snagging$/);
});

test("a report deleted elsewhere: status change and delete fail with the server's message", async ({ page, api }) => {
  const { session, cracked } = await seed(api);
  // A tab whose live stream is not getting through (a proxy that buffers it): it learns of the
  // deletion only from the server's answer. With the stream, the page says so by itself
  // (live-updates.spec.ts).
  await page.route("**/api/events", (route) => route.abort("connectionrefused"));
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await api.call("DELETE", `/snagging/${cracked.id}`, undefined, session.accessToken);

  const changer = page.getByRole("region", { name: "Change Status" });
  await changer.getByRole("button", { name: "Closed" }).click();
  await expect(page.getByText("Report not found")).toBeVisible();
  await expect(page.getByText("Status updated successfully")).toHaveCount(0);
  await expect(changer.getByRole("button", { name: "Open" })).toBeDisabled();

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete report?" }).getByRole("button", { name: "Delete Report" }).click();
  // The confirmation closes only on failure (success leaves the page); the toast says why.
  await expect(page.getByRole("dialog", { name: "Delete report?" })).toBeHidden();
  await expect(page.getByText("Report not found").last()).toBeVisible();
  await expect(page.getByText("Report deleted successfully")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${cracked.id}$`));
});

test("opening a report does not create an offline outbox in the browser (nothing was queued)", async ({
  page,
  api,
}) => {
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(2);
  // An outbox found at the next start would load Dexie and the sync code for the header's indicator.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(databases.filter((name) => name?.startsWith("sitesnag-outbox-"))).toEqual([]);
});

test("another workspace's report is not found", async ({ page, api }) => {
  const { cracked } = await seed(api);
  await signInAs(page, await api.signUp());
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { name: "Report Not Found" })).toBeVisible();
  await expect(page.getByText(cracked.title)).toHaveCount(0);
  await expect(page.getByText("Failed to load report")).toHaveCount(0);
});

test("a photo whose file fails to load shows 'Image not found'", async ({ page, api }) => {
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  // A lost file is simulated at the network edge: the server keeps its files whole.
  await page.route("**/files/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("img", { name: "Photo 1: Flat 2.04 kitchen: image not found" })).toBeVisible();
  await expect(page.getByText("Image not found")).toHaveCount(2);
  await page.getByRole("button", { name: "Open Photo 2 full screen" }).click();
  await expect(page.getByRole("dialog", { name: "Photo 2 of 2" }).getByText("Image not found")).toBeVisible();
});
