// Page helpers for the site audit specs: start an audit through the dialog, answer an item, sign.
import { expect, type Locator, type Page } from "@playwright/test";

export async function startAudit(page: Page, projectName: string, notes = ""): Promise<string> {
  await page.goto("/app/audits");
  await page.getByRole("button", { name: "New Site Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "New Site Audit" });
  await dialog.getByLabel("Project").selectOption({ label: projectName });
  if (notes) await dialog.getByLabel("Notes (optional)").fill(notes);
  await dialog.getByRole("button", { name: "Start Audit" }).click();
  await expect(page.getByText("Site audit created! Complete the checklist items.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/audits\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop() as string;
}

/** The card of checklist item "s.n". */
export const item = (page: Page, number: string): Locator =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("group", { name: `Status of item ${number}`, exact: true }) });

export async function answer(page: Page, number: string, status: string): Promise<void> {
  await item(page, number).getByText(status, { exact: true }).click();
  await expect(item(page, number).getByRole("radio", { name: status, exact: true })).toBeChecked();
}

export async function rate(page: Page, number: string, severity: string, likelihood: string): Promise<void> {
  const card = item(page, number);
  if ((await card.getByLabel(`Severity for item ${number}`).count()) === 0) {
    await card.getByRole("button", { name: `Notes, risk and action for item ${number}` }).click();
  }
  await card.getByLabel(`Severity for item ${number}`).selectOption({ label: severity });
  await card.getByLabel(`Likelihood for item ${number}`).selectOption({ label: likelihood });
}

/** Draws a zig-zag in a signature pad with the mouse. */
export async function sign(page: Page, label: string): Promise<void> {
  const pad = page.getByRole("img", { name: new RegExp(`^${label} pad`) });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error(`${label} pad not visible`);
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) {
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 4 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAccessibleName(`${label} pad, signed`);
}
