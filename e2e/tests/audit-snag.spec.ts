import { answer, item, rate, solidPng, startAudit } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

type Report = {
  id: string;
  title: string;
  priority: string;
  category: string;
  description: string;
  attachments: unknown[];
};

test("a non-compliant item becomes a tracked snag in one step, linked back to the item", async ({ page, api }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Eastside Car Park" });
  await signInAs(page, session);
  await startAudit(page, "Eastside Car Park");

  await answer(page, "4.3", "Compliant");
  await expect(item(page, "4.3").getByRole("button", { name: /Raise snag/ })).toHaveCount(0);
  await answer(page, "4.3", "Non-compliant");
  await rate(page, "4.3", "5 – Critical", "5 – Almost certain");
  await item(page, "4.3").getByLabel("Notes for item 4.3").fill("Telehandler reversing without a banksman");
  await item(page, "4.3")
    .getByLabel("Add from gallery for item 4.3")
    .setInputFiles({ name: "plant.png", mimeType: "image/png", buffer: solidPng(640, 480, [240, 180, 20]) });
  await expect(item(page, "4.3").getByRole("img", { name: "item 4.3, 1 of 1" })).toBeVisible();

  await item(page, "4.3").getByRole("button", { name: "Raise snag for item 4.3" }).click();
  // The server decodes, strips and re-encodes the photo before answering: slow on a busy machine.
  await expect(page.getByText(/^Snag SNAG-\d{8}-\d{4} raised$/)).toBeVisible({ timeout: 20_000 });
  const link = item(page, "4.3").getByRole("link", { name: /^SNAG-\d{8}-\d{4}$/ });
  await expect(link).toBeVisible();
  const reference = (await link.textContent()) ?? "";
  await expect(item(page, "4.3").getByRole("button", { name: /Raise snag/ })).toHaveCount(0);

  // The report is on the server, in the audit's project, with the item's text, photo and priority.
  const { reports } = await api.call<{ reports: Report[] }>(
    "GET",
    `/snagging?projectId=${project.id}`,
    undefined,
    session.accessToken,
  );
  expect(reports).toHaveLength(1);
  const [report] = reports;
  expect(report).toMatchObject({ title: reference, priority: "critical", category: "safety" });
  expect(report?.attachments).toHaveLength(1);
  expect(report?.description).toMatch(/^📷 Photo 1 - Audit item 4\.3, Lifting operations & plant: Exclusion zones/);
  expect(report?.description).toContain("Audit notes: Telehandler reversing without a banksman");
  await expect(link).toHaveAttribute("href", `/app/snagging/${report?.id}`);

  // The link survives a reload, and the project's report list shows the new snag.
  await page.reload();
  await expect(item(page, "4.3").getByRole("link", { name: reference })).toBeVisible();
  await page.goto(`/app/projects/${project.id}`);
  const list = page.getByRole("list", { name: "Project snagging reports" });
  await expect(list.getByRole("link", { name: new RegExp(reference) })).toContainText(/critical/i);
});

test("offline, a raised snag waits in the outbox and reaches the server exactly once on reconnect", async ({
  page,
  context,
  api,
}) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Offline Quarry" });
  await signInAs(page, session);
  await startAudit(page, "Offline Quarry");
  await answer(page, "5.2", "Non-compliant");
  await rate(page, "5.2", "4 – Major", "4 – Likely");
  await item(page, "5.2")
    .getByLabel("Add from gallery for item 5.2")
    .setInputFiles({ name: "trench.png", mimeType: "image/png", buffer: solidPng(640, 480, [120, 90, 40]) });
  await expect(item(page, "5.2").getByRole("img", { name: "item 5.2, 1 of 1" })).toBeVisible();
  const reports = async () =>
    (await api.call<{ reports: Report[] }>("GET", `/snagging?projectId=${project.id}`, undefined, session.accessToken))
      .reports;

  await context.setOffline(true);
  await item(page, "5.2").getByRole("button", { name: "Raise snag for item 5.2" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await expect(item(page, "5.2").getByText(/SNAG-\d{8}-\d{4} \(waiting to sync\)/)).toBeVisible();
  await expect(item(page, "5.2").getByRole("button", { name: /Raise snag/ })).toHaveCount(0);
  expect(await reports()).toEqual([]);

  // Back online the outbox syncs on its own, and the item's link turns into the real report's.
  await context.setOffline(false);
  const link = item(page, "5.2").getByRole("link", { name: /^SNAG-\d{8}-\d{4}$/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [report, ...others] = await reports();
  expect(others).toEqual([]);
  expect(report).toMatchObject({ title: await link.textContent(), priority: "high", category: "safety" });
  expect(report?.attachments).toHaveLength(1);
  await expect(link).toHaveAttribute("href", `/app/snagging/${report?.id}`);

  // The resolved link is stored with the audit.
  await page.reload();
  await expect(item(page, "5.2").getByRole("link", { name: report?.title ?? "" })).toBeVisible();
  expect(await reports()).toHaveLength(1);
});

test("with the Safety trade retired, a raised snag goes under the workspace's default trade instead of being refused", async ({
  page,
  api,
}) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Retired Safety Depot" });
  await api.call("PATCH", "/trades/safety", { retired: true }, session.accessToken);
  await signInAs(page, session);
  await startAudit(page, "Retired Safety Depot");
  await answer(page, "4.3", "Non-compliant");
  await rate(page, "4.3", "4 – Major", "4 – Likely");

  await item(page, "4.3").getByRole("button", { name: "Raise snag for item 4.3" }).click();
  await expect(page.getByText(/^Snag SNAG-\d{8}-\d{4} raised$/)).toBeVisible({ timeout: 20_000 });
  const { reports } = await api.call<{ reports: Report[] }>(
    "GET",
    `/snagging?projectId=${project.id}`,
    undefined,
    session.accessToken,
  );
  expect(reports).toHaveLength(1);
  expect(reports[0]?.category).toBe("other");
});
