// Issue 33 (never lose work): the edit form opened by a full page load shows the report as the
// server has it now, not the older copy this phone persisted for offline reading; a change the
// server's answer brings after the person started typing never replaces what they typed.
import type { Page } from "@playwright/test";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { expectPersisted } from "../support/offline";

/** A teammate in the owner's workspace, through an invitation link. */
async function inviteTeammate(baseURL: string, owner: Session): Promise<Session> {
  const call = async <T>(path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { token } = await call<{ token: string }>("/invitations", {}, owner.accessToken);
  return call<Session>(`/invitations/token/${token}/register`, {
    firstName: "Tess",
    lastName: "Site",
    email: `tess.${Date.now()}@example.com`,
    password: "fresh-form-2026",
  });
}

type ServerReport = { priority: string; dueDate: number | null; version: number };

/** A report with its priority Low, opened once in the edit form so this phone keeps a copy of it. */
async function reportOpenedOnce(page: Page, api: import("../fixtures").ApiHelper) {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Mill Lane" });
  const report = await api.createReport(session.accessToken, { projectId: project.id, priority: "low" }, [
    { name: "sill.png", type: "image/png", bytes: makePng([200, 90, 40]) },
  ]);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${report.id}/edit`);
  await expect(page.getByRole("radio", { name: "Low" })).toBeChecked();
  await expectPersisted(page, ["snagging", "detail", report.id]);
  const read = () =>
    api.call<{ report: ServerReport }>("GET", `/snagging/${report.id}`, undefined, session.accessToken);
  return { session, report, read: async () => (await read()).report };
}

test("an edit saved online is what the form shows when it is opened again by a full page load", async ({
  page,
  api,
}) => {
  onOneViewport("mobile");
  const { report } = await reportOpenedOnce(page, api);
  await page.getByRole("radio", { name: "High" }).check();
  await page.getByLabel("Due date").fill("2030-05-17");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Snag report updated successfully!")).toBeVisible();
  // The toasts' region is named from the catalogue (toasts.region, react-toastify's own name is
  // "Notifications Alt+T" in every language), with its shortcut.
  await expect(page.getByRole("region", { name: "Notifications (Alt+T)" })).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${report.id}$`));

  await page.goto(`/app/snagging/${report.id}/edit`);
  await expect(page.getByRole("radio", { name: "High" })).toBeChecked();
  await expect(page.getByLabel("Due date")).toHaveValue("2030-05-17");
  await page.reload();
  await expect(page.getByRole("radio", { name: "High" })).toBeChecked();
  await expect(page.getByLabel("Due date")).toHaveValue("2030-05-17");
});

test("a teammate's change made while the form was closed shows once the server answers, and never replaces what was typed", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("mobile");
  test.setTimeout(60_000);
  const { session, report, read } = await reportOpenedOnce(page, api);
  const teammate = await inviteTeammate(baseURL as string, session);
  await page.goto("/app/snagging");
  await api.call("PATCH", `/snagging/${report.id}`, { priority: "high" }, teammate.accessToken);

  // A direct visit: the form shows the server's answer, not the copy with Low.
  await page.goto(`/app/snagging/${report.id}/edit`);
  await expect(page.getByRole("radio", { name: "High" })).toBeChecked();
  await page.goto("/app/snagging");
  await api.call("PATCH", `/snagging/${report.id}`, { priority: "critical" }, teammate.accessToken);

  // A slow signal: the server's answer is held until the form has opened on this phone's copy
  // (High) and the person has typed; then it arrives.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/snagging/${report.id}`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const answer = await route.fetch();
    await held;
    await route.fulfill({ response: answer });
  });
  await page.goto(`/app/snagging/${report.id}/edit`);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Due date").fill("2031-02-03");
  release();
  await expect(page.getByRole("radio", { name: "Critical" })).toBeChecked();
  await expect(page.getByLabel("Due date")).toHaveValue("2031-02-03");
  await page.unroute(`**/api/snagging/${report.id}`);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Snag report updated successfully!")).toBeVisible();
  const saved = await read();
  expect(saved.priority).toBe("critical");
  expect(new Date((saved.dueDate ?? 0) * 1000).toISOString().slice(0, 10)).toBe("2031-02-03");
});

test("an edit's draft made on an older version comes back rebased on the newer one: the person's fields and the teammate's both survive the save", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("mobile");
  test.setTimeout(60_000);
  const { session, report, read } = await reportOpenedOnce(page, api);
  const teammate = await inviteTeammate(baseURL as string, session);
  // The person starts an edit and leaves it unsaved (a closed tab, a flat battery).
  await page.getByLabel("Due date").fill("2032-07-08");
  await expect(page.getByText("Draft saved on this device")).toBeVisible();
  await page.goto("/app/snagging");
  // Meanwhile the teammate changes another field: the report's version moves on.
  await api.call("PATCH", `/snagging/${report.id}`, { priority: "high" }, teammate.accessToken);

  await page.goto(`/app/snagging/${report.id}/edit`);
  await expect(page.getByRole("status").filter({ hasText: "Draft restored" })).toBeVisible();
  await expect(page.getByLabel("Due date")).toHaveValue("2032-07-08");
  await expect(page.getByRole("radio", { name: "High" })).toBeChecked();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Snag report updated successfully!")).toBeVisible();
  const saved = await read();
  expect(saved.priority).toBe("high");
  expect(new Date((saved.dueDate ?? 0) * 1000).toISOString().slice(0, 10)).toBe("2032-07-08");
});
