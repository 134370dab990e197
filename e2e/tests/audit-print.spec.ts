import { answer, item, rate, sign, solidPng, startAudit } from "../audit-helpers";
import { expect, type Session, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

test("Print view opens a print-ready A4 document with everything on the audit", async ({ page, context, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Northgate Retail Park" });
  await signInAs(page, session);
  // Record the print request instead of opening the browser's print dialog.
  await context.addInitScript(() => {
    window.print = () => {
      document.documentElement.dataset.printed = "yes";
    };
  });
  await startAudit(page, "Northgate Retail Park", "Pre-handover audit");
  await page.getByLabel("Principal contractor", { exact: true }).fill("Acme <Build> & Co");
  await answer(page, "1.1", "Compliant");
  await answer(page, "7.2", "Non-compliant");
  await rate(page, "7.2", "4 – Major", "4 – Likely");
  await item(page, "7.2").getByLabel("Notes for item 7.2").fill("Hot work permit not closed out on level 2");
  await item(page, "7.2").getByLabel("Action owner for item 7.2").fill("M&E supervisor");
  await item(page, "7.2").getByLabel("Due date for item 7.2").fill("2026-12-04");
  await item(page, "7.2")
    .getByLabel("Add from gallery for item 7.2")
    .setInputFiles({ name: "permit.png", mimeType: "image/png", buffer: solidPng(300, 200, [30, 90, 200]) });
  await expect(item(page, "7.2").getByRole("img", { name: "item 7.2, 1 of 1" })).toBeVisible();
  await sign(page, "Auditor signature");
  await page.getByLabel("Site representative name").fill("Jo Rep");
  await sign(page, "Site representative signature");

  const clickedAt = Date.now();
  const opening = context.waitForEvent("page");
  await page.getByRole("button", { name: "Print view" }).click();
  const doc = await opening;
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);
  await expect(doc.locator("h1")).toHaveText("Site Safety Audit – Northgate Retail Park");
  await expect(doc.locator("html")).toHaveAttribute("data-printed", "yes");
  const text = await doc.locator("body").innerText();
  expect(text).toContain("Acme <Build> & Co"); // shown as text, not markup
  expect(text).toContain("Pre-handover audit");
  expect(text).toMatch(/Compliance score\s+4%\s+Poor/);
  expect(text).toContain("Hot work permit not closed out on level 2");
  expect(text).toContain("Owner: M&E supervisor");
  expect(text).toContain("Due: Dec 4, 2026");
  expect(text).toContain("16 High");
  expect(text).toContain("Major × Likely");
  expect(text).toContain("Status\tCompleted");
  expect(await doc.locator("table.items tr").count()).toBe(27 + 10); // every item plus a header per section
  await expect(doc.getByRole("img", { name: "Photo 1" })).toHaveJSProperty("naturalWidth", 300);
  await expect(doc.getByRole("img", { name: "Auditor signature" })).toBeVisible();
  await expect(doc.getByRole("img", { name: "Site representative signature" })).toBeVisible();
  expect(text).toMatch(/Site representative: Jo Rep\s+Signed [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
  expect(await doc.locator("style").innerText()).toContain("size: A4");
  await expect(doc.locator(".matrix")).toContainText("7.2");
});

test("the Print view reads in the inspector's language (issue 35): its headings, labels, answers and the standard questions", async ({
  page,
  context,
  api,
}) => {
  const inspector = await api.signUp({ firstName: "Ion", lastName: "Popescu" });
  await api.createProject(inspector.accessToken, { name: "Bloc Aviatorilor" });
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${inspector.user.id}`,
    { locale: "ro" },
    inspector.accessToken,
  );
  await signInAs(page, { ...inspector, user });
  await context.addInitScript(() => {
    window.print = () => {
      document.documentElement.dataset.printed = "yes";
    };
  });
  await page.goto("/app/audits");
  await page.getByRole("button", { name: "Audit de șantier nou" }).click();
  const dialog = page.getByRole("dialog", { name: "Audit de șantier nou" });
  await dialog.getByLabel("Proiect").selectOption({ label: "Bloc Aviatorilor" });
  await dialog.getByRole("button", { name: "Începe auditul" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bloc Aviatorilor" })).toBeVisible();
  const first = page.getByRole("group", { name: "Starea pentru punctul 1.1", exact: true });
  await first.getByText("Conform", { exact: true }).click();

  const opening = context.waitForEvent("page");
  await page.getByRole("button", { name: "Vizualizare pentru tipărire" }).click();
  const doc = await opening;
  await expect(doc.locator("html")).toHaveAttribute("lang", "ro");
  await expect(doc.locator("h1")).toHaveText("Audit de securitate a șantierului – Bloc Aviatorilor");
  await expect(doc.locator("html")).toHaveAttribute("data-printed", "yes");
  const text = await doc.locator("body").innerText();
  expect(text).toContain("Stare\tCiornă");
  expect(text).toContain("Matricea riscurilor");
  expect(text).toContain("Conforme: 1 · De îmbunătățit: 0 · Neconforme: 0 · N/A: 0 · Neevaluate: 26, din 27 de puncte");
  expect(text).toContain("3. Lucrul la înălțime");
  expect(text).toContain("Schelele inspectate de o persoană competentă înainte de prima utilizare");
  expect(text).toContain("Reprezentantul șantierului");
  for (const english of [
    "Site Safety Audit",
    "Compliance score",
    "Risk matrix",
    "Signatures",
    "Not signed",
    "Severity",
    "Working at height",
    "Scaffolds inspected",
  ]) {
    expect(text).not.toContain(english);
  }
});

test("a blocked pop-up says so", async ({ page, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Blocked Pop-up Site" });
  await signInAs(page, session);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await startAudit(page, "Blocked Pop-up Site");
  await page.getByRole("button", { name: "Print view" }).click();
  await expect(page.getByText("Please allow pop-ups to export PDF")).toBeVisible();
});

test("the audit screens have no WCAG A/AA violations", async ({ page, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Accessible Audit Site" });
  await signInAs(page, session);
  const check = async () => {
    const results = await axe(page).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await page.goto("/app/audits");
  await expect(page.getByRole("heading", { name: "No audits yet" })).toBeVisible();
  await check();
  await page.getByRole("button", { name: "New Site Audit" }).click();
  await page.getByRole("dialog", { name: "New Site Audit" }).getByRole("button", { name: "Start Audit" }).click();
  await expect(page.getByText("Please select a project")).toBeVisible();
  await check();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await startAudit(page, "Accessible Audit Site");
  await answer(page, "1.1", "Compliant");
  await answer(page, "2.2", "Non-compliant");
  await rate(page, "2.2", "5 – Critical", "5 – Almost certain");
  await sign(page, "Auditor signature");
  await check();
});
