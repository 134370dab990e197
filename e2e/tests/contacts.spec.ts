// External assignees (issue 27): a report assigned to a new contact from the picker, then found
// through the list's assignee filter; the contact is on the Team page with its report.
import { expect, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";

test("assign a report to a new contact from the picker and filter the list by them", async ({ page, api }) => {
  // Seeding three reports with photos, an edit, the list and the Team page: ~25 s on a busy 2-core machine.
  test.setTimeout(60_000);
  const { session, leak, cracked } = await seed(api);
  await signInAs(page, session);
  // The report with photos (an edit keeps at least one), assigned to Rita so far.
  await page.goto(`/app/snagging/${cracked.id}/edit`);

  const picker = page.getByLabel("Assignee");
  await expect(picker).toHaveValue(session.user.id);
  await page.getByRole("button", { name: "New contact" }).click();
  const dialog = page.getByRole("dialog", { name: "New contact" });
  await dialog.getByRole("button", { name: "Add contact" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill("Pat Doyle");
  await dialog.getByLabel("Company").fill("Acme Plumbing");
  await dialog.getByLabel("Email").fill("pat@acme.example");
  await dialog.getByRole("button", { name: "Add contact" }).click();
  await expect(dialog).toBeHidden();
  // Chosen at once, listed under the company.
  await expect(picker.locator("option:checked")).toHaveText("Pat Doyle (Acme Plumbing)");
  await expect(picker.locator('optgroup[label="Acme Plumbing"] option')).toHaveText(["Pat Doyle (Acme Plumbing)"]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Snag report updated successfully!")).toBeVisible();
  await expect(page.getByText("Pat Doyle (Acme Plumbing)").first()).toBeVisible();

  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByLabel("Assignee").selectOption({ label: "Pat Doyle (Acme Plumbing)" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(cracked.title);
  await expect(list).toContainText("Pat Doyle (Acme Plumbing)");
  await expect(list).not.toContainText(leak.title);
  await expect(page).toHaveURL(/assignedTo=/);

  await page.goto("/app/team");
  const acme = page.getByRole("list", { name: "Contacts at Acme Plumbing" });
  await expect(acme).toContainText("Pat Doyle");
  await expect(acme).toContainText("1 report");
});
