// The report's history (issue 23): every change on the timeline, newest first, and in the PDF's
// History section (read back with pdftotext); an offline edit that loses to a newer change shows
// its author the notice, and Restore puts their value back.
import { execFileSync } from "node:child_process";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";
import { expectPersisted, installServiceWorker } from "../support/offline";

/** A teammate in the seed's workspace, through an invitation link. */
async function inviteTeammate(baseURL: string, owner: Session, firstName: string): Promise<Session> {
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
    firstName,
    lastName: "Site",
    email: `${firstName.toLowerCase()}.${Date.now()}@example.com`,
    password: "history-walk-2026",
  });
}

const patchReport = async (baseURL: string, token: string, id: string, body: unknown) => {
  const res = await fetch(`${baseURL}/api/snagging/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PATCH → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { report: { priority: string; version: number } }).report;
};

test("the timeline shows each change and the PDF carries the history", async ({ page, api, baseURL }) => {
  onOneViewport("desktop"); // the PDF is office work; the report page with its timeline is checked on the phone by a11y.spec.ts (decision 0041)
  const { session, cracked } = await seed(api);
  const sam = await inviteTeammate(baseURL as string, session, "Sam");
  await patchReport(baseURL as string, sam.accessToken, cracked.id, { priority: "critical", version: 1 });
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);

  const history = page.getByRole("list", { name: "Report history, newest first" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("Sam Site changed Priority from High to Critical");
  await expect(history.nth(1)).toContainText("Rita Surveyor created the report with 2 photos");

  await page.getByRole("button", { name: "In-progress" }).click();
  await expect(page.getByText("Status updated successfully")).toBeVisible();
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("Rita Surveyor changed the status from Open to In progress");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: /Download PDF/ }).click();
  const file = await (await downloading).path();
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  expect(text).toContain("History (3)");
  expect(text).toContain("Rita Surveyor created the report with 2 photos: tile.png, rail.png");
  expect(text).toContain("Sam Site changed Priority from High to Critical");
  expect(text).toContain("Rita Surveyor changed the status from Open to In progress");
  // The export itself is on the timeline once done.
  await expect(history.nth(0)).toContainText("Rita Surveyor exported the PDF");
});

test("the overwrite notice, its Restore and the toast read in the reader's language (issue 35)", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("desktop");
  const { session, cracked } = await seed(api);
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${session.user.id}`,
    { locale: "pl" },
    session.accessToken,
  );
  const sam = await inviteTeammate(baseURL as string, session, "Sam");
  // Rita lowers the priority; Sam, still on version 1, raises it: his change replaces hers.
  await patchReport(baseURL as string, session.accessToken, cracked.id, { priority: "low", version: 1 });
  await patchReport(baseURL as string, sam.accessToken, cracked.id, { priority: "critical", version: 1 });
  await signInAs(page, { ...session, user });
  await page.goto(`/app/snagging/${cracked.id}`);

  const notices = page.getByRole("region", { name: "Twoje zmiany, które zastąpiono" });
  const notice = notices.getByRole("status");
  await expect(notice).toHaveText(
    /^Twoją zmianę \(Priorytet: Niski\) zastąpiła zmiana, którą wprowadził\(a\) Sam \(Krytyczny\), o \d\d:\d\d\./,
  );
  await expect(notice).not.toContainText(/Your change|replaced|Priority/);
  await notice.getByRole("button", { name: "Przywróć" }).click();
  await expect(page.getByText("Przywrócono: Priorytet – Niski")).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test.describe("with the installed app's service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("an offline edit that loses to a newer change shows the notice, and Restore puts it back", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    onOneViewport("mobile");
    test.setTimeout(90_000);
    const { session, cracked } = await seed(api);
    const sam = await inviteTeammate(baseURL as string, session, "Sam");
    await signInAs(page, session);
    await page.goto(`/app/snagging/${cracked.id}/edit`);
    await installServiceWorker(page);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
    await expectPersisted(page, ["users", { scope: "workspace" }], ["projects"], ["snagging", "detail", cracked.id]);

    // Offline on site: Rita lowers the priority; it waits in the queue.
    await context.setOffline(true);
    await page.getByRole("radio", { name: "Low" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved offline. Will sync when online.")).toBeVisible();

    // Meanwhile, in the office, Sam raises it; his change reaches the server first and is newer.
    await patchReport(baseURL as string, sam.accessToken, cracked.id, { priority: "critical", version: 1 });

    await context.setOffline(false);
    await expect(page.getByRole("button", { name: "Synced" })).toBeVisible({ timeout: 15_000 });
    const notice = page.getByRole("status").filter({ hasText: "Your change to Priority" });
    await expect(notice).toContainText(
      /Your change to Priority \(Low\) was replaced by Sam's \(Critical\) at \d\d:\d\d\./,
    );
    const history = page.getByRole("list", { name: "Report history, newest first" }).getByRole("listitem");
    await expect(history.nth(0)).toContainText("Rita Surveyor's offline change of Priority to Low was not applied");
    await expect(history.nth(0)).toContainText(/Offline change · made .* · received /);

    await notice.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Priority restored to Low")).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(history.nth(0)).toContainText("Rita Surveyor changed Priority from Critical to Low");
    const res = await fetch(`${baseURL}/api/snagging/${cracked.id}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(((await res.json()) as { report: { priority: string } }).report.priority).toBe("low");
  });
});
