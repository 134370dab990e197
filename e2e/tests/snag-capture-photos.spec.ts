import { expect, onOneViewport, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { choosePhotos, describePhoto, jpegFile } from "../support/snag-form";
import { makeJpeg, withExifOrientation } from "../support/test-photos";

// Painting and compressing photos is real work for the browser: on a busy CI machine these tests
// need more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

type Measure = { sourceBytes: number; bytes: number; width: number; height: number };

test("a 12 MP photo stored sideways (EXIF 6) is compressed upright to 1536x2048 and under 600 KB", async ({
  page,
  api,
}) => {
  onOneViewport("mobile"); // the compression does not depend on the layout; photos are taken on a phone (decision 0041)
  await signInAs(page, await api.signUp());
  await page.goto("/app/snagging/new");
  await expect(page.getByRole("button", { name: "Take photo" })).toBeVisible();
  const raw = await makeJpeg(page, { width: 4000, height: 3000 });
  const sideways = withExifOrientation(raw, 6);
  await choosePhotos(page, "Choose photos", [jpegFile("IMG_0001.jpg", sideways)]);
  await expect(page.getByRole("listitem", { name: "Photo 1" }).getByText(/\d+ KB/)).toBeVisible({ timeout: 30_000 });
  const measures = await page.evaluate(() =>
    performance.getEntriesByName("sitesnag:photo-compress").map((e) => (e as PerformanceMeasure).detail as Measure),
  );
  expect(measures).toHaveLength(1);
  const [m] = measures;
  expect(m?.sourceBytes).toBe(sideways.length);
  expect({ width: m?.width, height: m?.height }).toEqual({ width: 1536, height: 2048 });
  expect(m?.bytes).toBeLessThan(600 * 1024);
  const preview = page.getByRole("listitem", { name: "Photo 1" }).getByRole("img");
  const natural = await preview.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
  expect(natural).toEqual({ w: 1536, h: 2048 });
  // Turned, not stretched: the stored picture's sky (its top) is now on the right, the bricks on the left.
  const brightness = await preview.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    ctx.drawImage(img, 0, 0);
    const mean = (x: number) => {
      const d = ctx.getImageData(x, canvas.height / 2 - 50, 40, 100).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += (d[i] ?? 0) + (d[i + 1] ?? 0) + (d[i + 2] ?? 0);
      return sum / (d.length / 4) / 3;
    };
    return { left: mean(20), right: mean(canvas.width - 60) };
  });
  expect(brightness.right).toBeGreaterThan(brightness.left + 40);
});

test("a file that is not an image is refused on its card and can be removed", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/snagging/new");
  await choosePhotos(page, "Choose photos", [
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("definitely not a JPEG") },
  ]);
  const card = page.getByRole("listitem", { name: "Photo 1" });
  await expect(card.getByText("This photo could not be read. Try a JPEG, PNG or WebP image.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Annotate photo 1" })).toBeDisabled();
  await card.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(card).toBeHidden();
});

test("a pick beyond 20 photos keeps the first 20 and says why", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/snagging/new");
  const small = await makeJpeg(page, { width: 160, height: 120 });
  const files = Array.from({ length: 21 }, (_, i) => jpegFile(`p${i + 1}.jpg`, small));
  await choosePhotos(page, "Choose photos", files);
  await expect(page.getByText("A report can have at most 20 photos")).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^Photo \d+$/ })).toHaveCount(20);
  await expect(page.getByText("20 in this report")).toBeVisible();
});

test("upload progress shows while a slow connection sends the photos", async ({ page, api }) => {
  onOneViewport("mobile"); // a weak connection on site (decision 0041)
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken);
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await page.getByRole("radio", { name: "High" }).check();
  await choosePhotos(page, "Choose photos", [
    jpegFile("big.jpg", await makeJpeg(page, { width: 2048, height: 1536, quality: 0.95 })),
  ]);
  await describePhoto(page, 1, "Roof", "Slipped tiles");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  // The photo goes up alone, by hash (decision 0025), then the report names it in a small JSON create.
  const upload = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/uploads\/[0-9a-f]{64}$/.test(r.url()));
  const create = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/snagging");
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading photos" })).toBeVisible();
  // Each size with its unit and the share done, through Intl ("Uploading 1.2 MB of 3.4 MB (35%)").
  await expect(page.getByText(/Uploading [\d.,]+\s?[kMG]?B of [\d.,]+\s?[kMG]?B \(\d+\s?%\)/)).toBeVisible();
  await expect(page.getByText("Report created successfully")).toBeVisible({ timeout: 20_000 });
  const sha256 = new URL((await upload).url()).pathname.split("/").pop();
  const sent = await create;
  expect(sent.headers()["content-type"]).toContain("application/json");
  expect(sent.headers()["idempotency-key"]).toBeTruthy();
  expect((sent.postDataJSON() as { photoHashes: string[] }).photoHashes).toEqual([sha256]);
});

test("the annotation tools are reachable and operable from the keyboard", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/snagging/new");
  await choosePhotos(page, "Take photo", [jpegFile("k.jpg", await makeJpeg(page, { width: 1200, height: 900 }))]);
  await expect(page.getByRole("listitem", { name: "Photo 1" }).getByText(/\d+ KB/)).toBeVisible();
  await page.getByRole("button", { name: "Annotate photo 1" }).focus();
  await page.keyboard.press("Enter");
  const overlay = page.getByRole("dialog", { name: "Annotate photo" });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole("button", { name: "Pen" })).toHaveAttribute("aria-pressed", "true");
  await expect(overlay.getByLabel("Brush size")).toHaveValue("3");
  await expect(overlay.getByLabel("Colour")).toHaveValue("#ff0000");
  const canvas = overlay.getByRole("img", { name: /Photo to annotate/ });
  const width = await canvas.evaluate((c: HTMLCanvasElement) => c.width);
  expect(width).toBe(800); // 1200 px photo scaled down to 800
  await expect(canvas).toHaveCSS("touch-action", "none");

  for (const tool of ["Circle", "Rectangle", "Arrow"]) {
    await overlay.getByRole("button", { name: tool }).focus();
    await page.keyboard.press("Enter");
    await expect(overlay.getByRole("button", { name: tool })).toHaveAttribute("aria-pressed", "true");
  }
  await overlay.getByLabel("Brush size").focus();
  await page.keyboard.press("ArrowRight");
  await expect(overlay.getByLabel("Brush size")).toHaveValue("4");
  const results = await axe(page).include("dialog").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
});

test("the form has no WCAG A/AA violations, empty and with errors", async ({ page, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Accessible Arches" });
  await signInAs(page, session);
  await page.goto("/app/snagging/new");
  await expect(page.getByRole("button", { name: "Take photo" })).toBeVisible();
  const scan = () => axe(page).withTags(WCAG_21_AA).analyze();
  expect((await scan()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await choosePhotos(page, "Choose photos", [jpegFile("x.jpg", await makeJpeg(page, { width: 800, height: 600 }))]);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Project is required")).toBeVisible();
  expect((await scan()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
});
