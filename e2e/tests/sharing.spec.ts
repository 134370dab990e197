// Issue 27 end to end: a site manager shares a subcontractor's snags with a link; the
// subcontractor, in a fresh browser with no account, marks one fixed with a photo; the manager sees
// it on the report; revoking ends the link. And the project's snag list PDF, grouped.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";
import { linkIn, waitForMail } from "../support/mail";
import { readySheet } from "../support/sheets";

const run = promisify(execFile);

async function teamWithSnags(api: import("../fixtures").ApiHelper) {
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, owner.accessToken);
  const plumber = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Pip",
    lastName: "Plumber",
    email: `pip.${Date.now()}.${Math.random()}@example.com`,
    password: "pipes-and-more-1",
  });
  const project = await api.createProject(owner.accessToken, { name: "Harbour View", clientName: "Quay Homes" });
  const photo = { name: "before.png", type: "image/png", bytes: makePng([180, 90, 40]) };
  const leak = await api.createReport(
    owner.accessToken,
    {
      projectId: project.id,
      priority: "high",
      assignedTo: plumber.user.id,
      description: "📷 Photo 1 - Flat 2 bathroom: Leaking trap under basin",
    },
    [photo],
  );
  const drip = await api.createReport(
    owner.accessToken,
    {
      projectId: project.id,
      priority: "low",
      assignedTo: plumber.user.id,
      description: "📷 Photo 1 - Flat 3 kitchen: Dripping tap",
    },
    [photo],
  );
  const paint = await api.createReport(
    owner.accessToken,
    { projectId: project.id, priority: "medium", category: "finish", description: "📷 Photo 1 - Lobby: Scuffed paint" },
    [photo],
  );
  return { owner, plumber, project, leak, drip, paint };
}

test("share a subcontractor's snags; they mark one fixed with a photo, no account; the manager sees it", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.slow(); // Two browsers, photo upload, a drawing rendered.
  const { owner, project, leak, drip, paint } = await teamWithSnags(api);
  // The leak is pinned on the project's drawing: the link's page shows it on the plan.
  const sheetId = await readySheet(api, baseURL as string, owner.accessToken, project.id, "Level 2.png");
  await api.call("PATCH", `/snagging/${leak.id}`, { sheetId, pinX: 0.25, pinY: 0.4 }, owner.accessToken);
  await signInAs(page, owner);
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByText("No links yet.")).toBeVisible();
  await page.getByRole("button", { name: "Share snags" }).click();
  const dialog = page.getByRole("dialog", { name: "Share snags with a link" });
  await dialog.getByLabel("Who is it for?").fill("Acme Plumbing");
  await dialog.getByLabel("Assignee").selectOption({ label: "Pip Plumber" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = await dialog.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/s\/[\w-]{43}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  const links = page.getByRole("list", { name: "Share links" });
  await expect(links.getByText("Acme Plumbing")).toBeVisible();
  await expect(links.getByText("Assigned to Pip Plumber")).toBeVisible();
  await expect(links.getByText("not opened yet")).toBeVisible();

  // The subcontractor: a fresh browser context, no account, no storage.
  const phone = await browser.newContext({ baseURL: baseURL as string, viewport: { width: 390, height: 844 } });
  const sub = await phone.newPage();
  await sub.goto(new URL(link).pathname);
  await expect(sub.getByRole("heading", { name: "Acme Plumbing" })).toBeVisible();
  await expect(sub).toHaveTitle("Acme Plumbing · SiteSnag");
  await expect(sub.getByText("Harbour View · 2 snags")).toBeVisible();
  const shared = sub.getByRole("list", { name: "Shared snags" });
  await expect(shared.getByRole("article")).toHaveCount(2);
  await expect(shared.getByRole("heading", { name: leak.title })).toBeVisible();
  await expect(shared.getByRole("heading", { name: drip.title })).toBeVisible();
  await expect(sub.getByText(paint.title)).toHaveCount(0);
  await expect(sub.getByText("Olive")).toHaveCount(0);
  const results = await axe(sub).withTags(WCAG_21_AA).analyze();
  expect(results.violations).toEqual([]);

  const card = shared.getByRole("article", { name: leak.title });
  const plan = card.getByRole("img", { name: `Plan Level 2 with the pin of ${leak.title}, 25% across and 40% down` });
  await expect(plan).toBeVisible();
  await expect(card.getByText("On the plan: Level 2")).toBeVisible();
  await expect.poll(() => plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  await expect(shared.getByRole("article", { name: drip.title }).getByRole("img", { name: /^Plan / })).toHaveCount(0);
  // Its photos come through the link (never a /files/ URL), so they stop with it.
  const before = card.getByRole("img", { name: "1 of 1: Flat 2 bathroom" });
  await expect
    .poll(() => before.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const photoSrc = (await before.getAttribute("src")) as string;
  expect(photoSrc).toMatch(/^\/api\/share\/[\w-]{43}\/reports\/[\w-]+\/photos\/[\w-]+\/thumbnail$/);
  await card.getByRole("button", { name: "Mark fixed" }).click();
  await card.getByRole("button", { name: "Send fix" }).click();
  await expect(card.getByRole("alert")).toHaveText("Add a photo of the fix");
  await card.getByLabel("Photo of the fix").setInputFiles({
    name: "fixed.png",
    mimeType: "image/png",
    buffer: makePng([40, 160, 60]),
  });
  await card.getByLabel("Note (optional)").fill("New trap fitted, tested for leaks");
  // The fix carries its own Idempotency-Key, so a retry after a lost answer is applied once.
  const sent = sub.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/fix"));
  await card.getByRole("button", { name: "Send fix" }).click();
  expect((await sent).headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
  await expect(card.getByRole("status")).toHaveText("Marked fixed. Thank you!");
  await expect(card.getByText("Resolved")).toBeVisible();

  // The manager sees the fix on the report: resolved, the fix photo with its note.
  await page.goto(`/app/snagging/${leak.id}`);
  await expect(page.getByText("Resolved").first()).toBeVisible();
  // The fix photo stands beside the original as a before/after pair, and the history names the link.
  const pairs = page.getByRole("region", { name: "Before and after (1)" });
  await expect(pairs.getByRole("img", { name: "After, fix 1" })).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Link “Acme Plumbing” changed the status from Open to Resolved")).toBeVisible();
  await expect(page.getByText("New trap fitted, tested for leaks").first()).toBeVisible();
  const activity = page.getByRole("region", { name: "Through share links" });
  await expect(activity.getByText("marked it fixed")).toBeVisible();
  await expect(activity.getByText("viewed it")).toBeVisible();
  await page.goto(`/app/projects/${project.id}`);
  await expect(links.getByText(/2 views, 1 fix/)).toBeVisible();

  // Revoked: the link's page says so plainly.
  await links.getByRole("button", { name: "Revoke Acme Plumbing" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke link?" });
  await confirm.getByRole("button", { name: "Revoke link" }).click();
  await expect(links.getByText("Revoked")).toBeVisible();
  await sub.reload();
  await expect(sub.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(sub.getByText("This link has been revoked.", { exact: false })).toBeVisible();
  await expect(sub.getByRole("list", { name: "Shared snags" })).toHaveCount(0);
  expect((await sub.request.get(photoSrc)).status()).toBe(410);
  await phone.close();
});

test("a snag list PDF grouped by location, with the list's filter", async ({ page, api }, testInfo) => {
  onOneViewport("desktop");
  const { owner, project, leak, drip, paint } = await teamWithSnags(api);
  await signInAs(page, owner);
  await page.goto(`/app/projects/${project.id}`);
  await page.getByLabel("Filter by priority").selectOption("high");
  await page.getByRole("button", { name: "Snag list PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Snag list PDF" });
  await expect(dialog.getByLabel("Priority")).toHaveValue("high");
  await dialog.getByLabel("Priority").selectOption("");
  await dialog.getByRole("radio", { name: "Location" }).check();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^snag-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByText("PDF downloaded successfully!")).toBeVisible();
  const file = testInfo.outputPath("snag-list.pdf");
  await download.saveAs(file);
  const { stdout } = await run("pdftotext", ["-raw", file, "-"]);
  expect(stdout).toContain("Harbour View");
  expect(stdout).toMatch(/GROUPED BY\s+Location/);
  for (const group of ["Flat 2 bathroom (1)", "Flat 3 kitchen (1)", "Lobby (1)"]) expect(stdout).toContain(group);
  for (const report of [leak, drip, paint]) expect(stdout).toContain(report.title);
  const { stdout: images } = await run("pdfimages", ["-list", file]);
  expect(images.trim().split("\n").length - 2).toBe(3);
});

test("a report assigned to a contact offers to email them a link to their snags; the mail opens them", async ({
  page,
  api,
  server,
}) => {
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const project = await api.createProject(owner.accessToken, { name: "Quay Flats" });
  const email = `pat.${Date.now()}.${Math.random().toString(36).slice(2)}@acme.example`;
  const { contact } = await api.call<{ contact: { id: string } }>(
    "POST",
    "/contacts",
    { name: "Pat Doyle", company: "Acme Plumbing", email },
    owner.accessToken,
  );
  const report = await api.createReport(owner.accessToken, {
    projectId: project.id,
    priority: "high",
    assignedTo: contact.id,
    description: "📷 Photo 1 - Flat 4 bathroom: Leaking trap",
  });
  await signInAs(page, owner);

  // The share dialog fills in the contact's address once the contact is chosen.
  await page.goto(`/app/projects/${project.id}`);
  await page.getByRole("button", { name: "Share snags" }).click();
  const dialog = page.getByRole("dialog", { name: "Share snags with a link" });
  await dialog.getByLabel("Assignee").selectOption({ label: "Pat Doyle (Acme Plumbing)" });
  await expect(dialog.getByLabel("Email the link to (optional)")).toHaveValue(email);
  await expect(dialog.getByLabel("Who is it for?")).toHaveValue("Pat Doyle (Acme Plumbing)");
  await expect(dialog.getByRole("button", { name: "Create and email link" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The report: no link of Pat's yet, so one click makes it and emails it.
  await page.goto(`/app/snagging/${report.id}`);
  const send = page.getByRole("button", { name: "Send Pat Doyle a link to their snags" });
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: `Link emailed to ${email}.` })).toBeVisible();
  const mail = await waitForMail(server.dataDir, email);
  expect(mail.subject).toBe("Olive Owner shared snags on Quay Flats with you");
  const link = linkIn(mail, `${server.url}/s/`);
  const { shareLinks } = await api.call<{ shareLinks: { name: string; assigneeId: string; state: string }[] }>(
    "GET",
    `/projects/${project.id}/share-links`,
    undefined,
    owner.accessToken,
  );
  expect(shareLinks).toEqual([
    expect.objectContaining({ name: "Pat Doyle (Acme Plumbing)", assigneeId: contact.id, state: "active" }),
  ]);
  await page.reload();
  await expect(page.getByRole("heading", { name: report.title })).toBeVisible();
  await expect(send).toHaveCount(0);

  // The link in the mail opens Pat's snags.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Pat Doyle (Acme Plumbing)" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Shared snags" }).getByRole("heading", { name: report.title }),
  ).toBeVisible();
});
