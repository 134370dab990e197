// BCF for BIM tools (issue 38), on the phone and the desktop: from a project's snag list the
// coordinator downloads a .bcfzip (version 2.1 chosen), imports it into another project and reads
// "2 created, 0 updated"; importing the same file again updates instead of adding copies.
import { readFile } from "node:fs/promises";
import { expect, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";

const LIST = "Project snagging reports";

test("export a project's snags as BCF and import them into another project, twice", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Bim", lastName: "Coordinator" });
  const source = await api.createProject(session.accessToken, { name: "Harbour Court" });
  const target = await api.createProject(session.accessToken, { name: "Harbour Court (model)" });
  const cracked = await api.createReport(
    session.accessToken,
    { projectId: source.id, priority: "high", description: "📷 Photo 1 - Lobby: Cracked tile" },
    [{ name: "crack.png", type: "image/png", bytes: makePng([200, 80, 40]) }],
  );
  const leak = await api.createReport(session.accessToken, {
    projectId: source.id,
    priority: "low",
    description: "Leaking tap",
  });
  await signInAs(page, session);

  await page.goto(`/app/projects/${source.id}`);
  await page.getByRole("button", { name: "BIM (BCF)" }).click();
  const dialog = page.getByRole("dialog", { name: "Exchange snags with BIM tools (BCF)" });
  await expect(dialog.getByRole("radio", { name: "3.0 (newest)" })).toBeChecked();
  await dialog.getByRole("radio", { name: "2.1 (read by most tools)" }).check();
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download .bcfzip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Harbour-Court-bcf-2.1.bcfzip");
  await expect(page.getByText("BCF file downloaded")).toBeVisible();
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  // One folder per topic, named by the report's id (the topic GUID).
  expect(zip.includes(Buffer.from(`${cracked.id}/markup.bcf`))).toBe(true);
  expect(zip.includes(Buffer.from(`${leak.id}/snapshot.png`))).toBe(false);
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.goto(`/app/projects/${target.id}`);
  await expect(page.getByText("No snagging reports yet")).toBeVisible();
  await page.getByRole("button", { name: "BIM (BCF)" }).click();
  const importing = page.getByRole("dialog", { name: "Exchange snags with BIM tools (BCF)" });
  // Import without a file: said beside the field, nothing sent.
  await importing.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importing.getByText("Choose a .bcfzip file first.")).toBeVisible();
  await importing.getByLabel(".bcfzip file").setInputFiles({
    name: "harbour.bcfzip",
    mimeType: "application/zip",
    buffer: zip,
  });
  await importing.getByRole("button", { name: "Import", exact: true }).click();
  const status = importing.getByRole("status");
  await expect(status).toContainText("2 created, 0 updated");
  await expect(status).toContainText("Snapshots added: 1.");
  await importing.getByRole("button", { name: "Import", exact: true }).click();
  await expect(status).toContainText("0 created, 2 updated");
  await importing.getByRole("button", { name: "Close" }).click();

  // Two snags, not four; with references of their own (a reference is unique in the workspace).
  const list = page.getByRole("list", { name: LIST });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).not.toContainText(cracked.title);
  await expect(list).not.toContainText(leak.title);

  // Not a BCF archive: refused with the server's sentence, nothing imported.
  await page.getByRole("button", { name: "BIM (BCF)" }).click();
  await importing.getByLabel(".bcfzip file").setInputFiles({
    name: "notes.bcfzip",
    mimeType: "application/zip",
    buffer: Buffer.from("just some text"),
  });
  await importing.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importing.getByRole("alert")).toHaveText(
    "The file is not a BCF archive (.bcfzip): it could not be read as a ZIP archive.",
  );
});
