import type { Page } from "@playwright/test";
import { answer, item, startAudit, teamOfTwo } from "../audit-helpers";
import { type ApiHelper, expect, onOneViewport, signInAs, test } from "../fixtures";

type ServerAudit = { id: string; items: { id: string; status: string; version: number }[] };

/**
 * Finn answers item 1.1 Compliant offline while Rita, online, answers it Non-compliant from the
 * version she had: back online, his older answer is not applied and he is told on the item.
 */
async function replacedWhileOffline(page: Page, api: ApiHelper) {
  const { owner, member } = await teamOfTwo(api);
  await api.createProject(owner.accessToken, { name: "Harbour Road Flats" });
  // Finn starts the audit online (it reaches the server), then loses the signal.
  await signInAs(page, member);
  await startAudit(page, "Harbour Road Flats");
  const status = page.getByRole("status", { name: "Sync status" });
  await expect(status).toHaveText("Synced", { timeout: 15_000 });
  const { audits } = await api.call<{ audits: { id: string }[] }>("GET", "/audits", undefined, owner.accessToken);
  const serverId = audits[0]?.id as string;
  const read = async () =>
    (
      await api.call<{ audit: ServerAudit }>("GET", `/audits/${serverId}`, undefined, owner.accessToken)
    ).audit.items.find((i) => i.id === "cdm-1");

  await page.context().setOffline(true);
  await answer(page, "1.1", "Compliant");
  await page.getByRole("button", { name: "Save Audit" }).last().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();
  await expect(status).toHaveText("Waiting to sync");

  // Meanwhile Rita, online, answers the same item from the version she had.
  await api.call("PATCH", `/audits/${serverId}/items/cdm-1`, { status: "NC", version: 0 }, owner.accessToken);

  await page.context().setOffline(false);
  await expect(status).toHaveText("Synced", { timeout: 15_000 });
  const notice = item(page, "1.1").getByRole("status", { name: "Answer replaced on item 1.1" });
  await expect(notice).toContainText("Rita's answer replaced yours: Status Non-compliant (yours: Compliant)");
  expect(await read()).toMatchObject({ status: "NC" });
  return { notice, read, status };
}

// Decision 0038: the same audit item answered by two people is never overwritten silently.
test("an answer made offline that another member's newer answer beat is not applied; back online its author sees the notice and restores it", async ({
  page,
  api,
}) => {
  const { notice, read } = await replacedWhileOffline(page, api);
  await expect(notice.getByRole("button", { name: "Keep theirs on item 1.1" })).toBeVisible();

  await notice.getByRole("button", { name: "Restore your answer on item 1.1" }).click();
  await expect(page.getByText("Status restored to Compliant")).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await read()).toMatchObject({ status: "C" });
});

test("Keep theirs takes the other member's answer on this device, sends nothing back, and the notice stays gone after a reload", async ({
  page,
  api,
}) => {
  // The notice's screen is tested on both viewports above; this is the flow after it.
  onOneViewport("mobile");
  const { notice, read, status } = await replacedWhileOffline(page, api);
  const version = (await read())?.version;

  await notice.getByRole("button", { name: "Keep theirs on item 1.1" }).click();
  await expect(notice).toHaveCount(0);
  const nonCompliant = item(page, "1.1").getByRole("radio", { name: "Non-compliant", exact: true });
  await expect(nonCompliant).toBeChecked();
  await expect(status).toHaveText("Synced", { timeout: 15_000 });
  // The server keeps Rita's answer, unchanged: this device sent it nothing new.
  expect(await read()).toEqual(expect.objectContaining({ status: "NC", version }));

  await page.reload();
  await expect(status).toHaveText("Synced", { timeout: 15_000 });
  await expect(nonCompliant).toBeChecked();
  await expect(item(page, "1.1").getByRole("status", { name: "Answer replaced on item 1.1" })).toHaveCount(0);
  expect(await read()).toEqual(expect.objectContaining({ status: "NC", version }));
});
