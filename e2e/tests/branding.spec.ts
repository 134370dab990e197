// Company branding end to end: an owner sets the company name, colour and logo on the Workspace
// settings page, and the report PDF's header carries them (read back with pdftotext/pdfimages).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";

const run = promisify(execFile);

test("an owner brands the workspace and the report PDF carries it", async ({ page, api }, testInfo) => {
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const project = await api.createProject(owner.accessToken, { name: "Dockside" });
  const report = await api.createReport(
    owner.accessToken,
    { projectId: project.id, priority: "high", description: "📷 Photo 1 - Hall: Dent in plaster" },
    [{ name: "a.png", type: "image/png", bytes: makePng([90, 90, 200]) }],
  );
  await signInAs(page, owner);
  await page.goto("/app/team");
  await page.getByRole("link", { name: "Workspace settings" }).click();
  await expect(page.getByRole("heading", { name: "Workspace settings" })).toBeVisible();
  await page.getByLabel("Company name").fill("Northbank Builders");
  await page.getByLabel("Accent colour", { exact: true }).fill("#0e7490");
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved")).toBeVisible();
  await page.getByText("Upload logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: makePng([14, 116, 144], 300, 100),
  });
  await expect(page.getByRole("img", { name: "Current company logo" })).toBeVisible();
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations).toEqual([]);

  // A hostile SVG is refused with a sentence.
  await page.getByText("Upload logo").setInputFiles({
    name: "evil.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByRole("alert").filter({ hasText: "contains a script" })).toBeVisible();

  await page.goto(`/app/snagging/${report.id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const download = await downloading;
  const file = testInfo.outputPath("report.pdf");
  await download.saveAs(file);
  const { stdout } = await run("pdftotext", ["-f", "1", "-l", "1", "-raw", file, "-"]);
  expect(stdout).toContain("Northbank Builders");
  const { stdout: images } = await run("pdfimages", ["-f", "1", "-l", "1", "-list", file]);
  // The logo (with its alpha mask) and the photo.
  expect(images.trim().split("\n").length - 2).toBeGreaterThanOrEqual(2);
});
