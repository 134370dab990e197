// Page helpers for the site audit specs: start an audit through the dialog, answer an item, sign.
import { crc32, deflateSync } from "node:zlib";
import { expect, type Locator, type Page } from "@playwright/test";
import type { ApiHelper, Session } from "./fixtures";

/** Rita, an owner, and Finn, a member she invited: two people of one workspace. */
export async function teamOfTwo(api: ApiHelper) {
  const owner = await api.signUp({ firstName: "Rita", lastName: "Owner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, owner.accessToken);
  const member = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Finn",
    lastName: "Auditor",
    email: `finn.${process.pid}.${Date.now()}@example.com`,
    password: "site-walk-2026",
  });
  return { owner, member };
}

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
  for (let i = 1; i <= 6; i += 1) {
    await page.mouse.move(box.x + 20 + i * 30, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAccessibleName(`${label} pad, signed`);
}

/** A real PNG of one colour (so the browser can decode and re-encode it), built without tools. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
