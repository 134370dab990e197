import { answer, item, startAudit, teamOfTwo } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";

type ServerAudit = { id: string; items: { id: string; status: string; version: number }[] };

// Decision 0038: the same audit item answered by two people is never overwritten silently.
test("an answer made offline that another member's newer answer beat is not applied; back online its author sees the notice and restores it", async ({
  page,
  api,
}) => {
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

  // Finn is back: his older answer is not applied, and he is told on the item.
  await page.context().setOffline(false);
  await expect(status).toHaveText("Synced", { timeout: 15_000 });
  const notice = item(page, "1.1").getByRole("status", { name: "Answer replaced on item 1.1" });
  await expect(notice).toContainText("Rita's answer replaced yours: Status Non-compliant (yours: Compliant)");
  expect(await read()).toMatchObject({ status: "NC" });
  await expect(notice.getByRole("button", { name: "Keep theirs on item 1.1" })).toBeVisible();

  await notice.getByRole("button", { name: "Restore your answer on item 1.1" }).click();
  await expect(page.getByText("Status restored to Compliant")).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await read()).toMatchObject({ status: "C" });
});
