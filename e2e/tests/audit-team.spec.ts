import { readFileSync } from "node:fs";
import { answer, item, sign, solidPng, startAudit, teamOfTwo } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 120_000 });

// The real service worker, as an installed app on site would run it.
test.use({ serviceWorkers: "allow" });

type AuditSummary = { id: string; clientId: string | null; status: string; auditorName: string };
type Signature = { signerName: string; signedAt: number };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** The app's date and time ("Nov 25, 2026 9:05 AM"), in UTC as the browsers here run. */
function shownTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const h = d.getUTCHours();
  const m = String(d.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${h % 12 || 12}:${m} ${h < 12 ? "AM" : "PM"}`;
}

test("one member runs an audit with no signal, signs and completes it; back online it is on the server once and the other member reads it and downloads its PDF", async ({
  page,
  browser,
  baseURL,
  api,
}) => {
  const { owner, member } = await teamOfTwo(api);
  await api.createProject(owner.accessToken, { name: "Moorland Wind Farm" });
  const list = async () =>
    (await api.call<{ audits: AuditSummary[] }>("GET", "/audits", undefined, owner.accessToken)).audits;

  // Finn's day on site runs three hours before the sync: his browser's clock says so (time flows).
  const deviceStart = Math.floor(Date.now() / 1000) - 3 * 3600;
  await page.clock.install({ time: deviceStart * 1000 });
  // Finn: the app installed (service worker in control), then the signal goes.
  await signInAs(page, member);
  await page.goto("/app/audits");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.context().setOffline(true);
  const id = await startAudit(page, "Moorland Wind Farm", "Turbine 4 base");
  await expect(page.getByRole("status", { name: "Sync status" })).toHaveText("On this device only");
  await answer(page, "1.1", "Compliant");
  await answer(page, "2.1", "Non-compliant");
  await item(page, "2.1")
    .getByLabel("Add from gallery for item 2.1")
    .setInputFiles({ name: "gate.png", mimeType: "image/png", buffer: solidPng(640, 480, [200, 40, 40]) });
  await expect(item(page, "2.1").getByRole("img", { name: "item 2.1, 1 of 1" })).toBeVisible();
  await sign(page, "Auditor signature");
  await page.getByLabel("Site representative name").fill("Sam Site");
  await sign(page, "Site representative signature");
  await page.getByRole("button", { name: "Save Audit" }).last().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();
  // Completed is locked: nothing to save, answers cannot change.
  await expect(page.getByText("This audit is completed and signed: it is locked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Audit" })).toHaveCount(0);
  await expect(item(page, "1.1").getByRole("radio", { name: "Compliant", exact: true })).toBeDisabled();
  expect(await list()).toEqual([]);

  // The tab closes; later, with a signal again, the app opens and the audit goes up.
  const context = page.context();
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/app/audits/${id}`);
  await expect(again.getByRole("status", { name: "Sync status" })).toHaveText("Synced", { timeout: 30_000 });
  await again.reload();
  await expect(again.getByRole("status", { name: "Sync status" })).toHaveText("Synced");
  const audits = await list();
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ clientId: id, status: "completed", auditorName: "Finn Auditor" });
  // Signed when Finn signed on site, not when the audit reached the server three hours later.
  const { audit: stored } = await api.call<{ audit: { auditorSignature: Signature; siteRepSignature: Signature } }>(
    "GET",
    `/audits/${audits[0]?.id}`,
    undefined,
    owner.accessToken,
  );
  for (const signature of [stored.auditorSignature, stored.siteRepSignature]) {
    expect(signature.signedAt).toBeGreaterThanOrEqual(deviceStart);
    expect(signature.signedAt).toBeLessThan(Date.now() / 1000 - 2 * 3600);
  }

  // Rita, in her own browser, sees it in the workspace's list and reads it.
  const other = await browser.newContext({ baseURL });
  const rita = await other.newPage();
  await signInAs(rita, owner);
  await rita.goto("/app/audits");
  const row = rita.getByRole("list", { name: "Recent Audits" }).getByRole("link", { name: /Moorland Wind Farm/ });
  await expect(row).toContainText("Finn Auditor");
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("On the server");
  // Her device holds none of them: Export is off and says why.
  await expect(rita.getByRole("button", { name: "Export all audits" })).toBeDisabled();
  await expect(rita.getByRole("button", { name: "Export all audits" })).toHaveAccessibleDescription(
    /Export saves the audits kept on this device, and it has none yet/,
  );
  await row.click();
  await expect(rita.getByText("This audit is completed and signed: it is locked.")).toBeVisible();
  await expect(item(rita, "2.1").getByRole("radio", { name: "Non-compliant", exact: true })).toBeChecked();
  await expect(item(rita, "2.1").getByRole("radio", { name: "Non-compliant", exact: true })).toBeDisabled();
  await expect(item(rita, "2.1").getByRole("img", { name: "item 2.1, 1 of 1" })).toBeVisible();
  await expect(rita.getByRole("img", { name: "Site representative signature" })).toBeVisible();
  for (const signature of [stored.auditorSignature, stored.siteRepSignature]) {
    // Both may be the same minute: one line each.
    await expect(rita.getByText(`Signed ${shownTime(signature.signedAt)}`).first()).toBeVisible();
  }
  // As an owner she may start a new revision of the signed audit, or delete it.
  await expect(rita.getByRole("button", { name: "Start a new revision" })).toBeVisible();
  await expect(rita.getByRole("button", { name: "Delete" })).toBeVisible();

  const downloading = rita.waitForEvent("download");
  await rita.getByRole("button", { name: "Download PDF" }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe("site-audit-moorland-wind-farm.pdf");
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await other.close();
});

test("audits this browser kept before the change move up on the first signed-in start, with a banner, once", async ({
  page,
  api,
}) => {
  const session = await api.signUp({ firstName: "Dee", lastName: "Vice" });
  const project = await api.createProject(session.accessToken, { name: "Old Mill Conversion" });
  await signInAs(page, session);
  // The storage an earlier version left: the summary list in localStorage, the detail and a photo
  // in IndexedDB (the Dexie schema of version 1, which has no sync records).
  await page.goto("/app/profile");
  const signature = `data:image/png;base64,${solidPng(120, 40, [10, 10, 10]).toString("base64")}`;
  const photo = solidPng(320, 240, [30, 90, 200]).toString("base64");
  await page.evaluate(
    async ({ userId, projectId, signature, photo }) => {
      const now = Math.floor(Date.now() / 1000);
      const detail = {
        auditId: "0b7c9d2e-1111-4aaa-8bbb-000000000001",
        userId,
        templateVersion: "spec-2026",
        notes: "Kept on the phone",
        formData: {
          projectType: [],
          projectName: "Old Mill Conversion",
          siteAddress: "",
          principalContractor: "",
          auditorName: "Dee Vice",
          auditorRole: "",
          auditDate: "2026-11-20",
          auditTime: "09:00",
          weather: "",
          shift: "",
          inductionConfirmed: true,
          siteContact: "",
          siteContactTel: "",
        },
        checklist: [
          {
            id: "cdm-1",
            section: "cdm",
            question: "q",
            status: "NC",
            notes: "Missing F10",
            riskSeverity: 3,
            riskLikelihood: 3,
            actionOwner: "PM",
            dueDate: null,
            photos: ["ph-1"],
            snag: null,
          },
        ],
        auditorSignature: signature,
        auditorSignedAt: now,
        siteRepName: "Sam Site",
        siteRepSignature: signature,
        siteRepSignedAt: now,
        updatedAt: now,
      };
      const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("sitesnag-audits", 10);
        open.onupgradeneeded = () => {
          const db = open.result;
          db.createObjectStore("details", { keyPath: "auditId" }).createIndex("userId", "userId");
          db.createObjectStore("drafts", { keyPath: "auditId" });
          db.createObjectStore("photos", { keyPath: "id" }).createIndex("auditId", "auditId");
        };
        open.onsuccess = () => {
          const tx = open.result.transaction(["details", "photos"], "readwrite");
          tx.objectStore("details").put(detail);
          tx.objectStore("photos").put({
            id: "ph-1",
            auditId: detail.auditId,
            type: "image/png",
            blob: new Blob([bytes], { type: "image/png" }),
            createdAt: now,
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
      localStorage.setItem(
        "site_audits",
        JSON.stringify([
          {
            id: detail.auditId,
            userId,
            projectId,
            projectName: "Old Mill Conversion",
            auditDate: Math.floor(Date.parse("2026-11-20T00:00:00Z") / 1000),
            auditorName: "Dee Vice",
            status: "completed",
            overallScore: 0,
            totalItems: 27,
            passedItems: 0,
            failedItems: 1,
            notes: "Kept on the phone",
            templateVersion: "spec-2026",
            createdAt: now,
            updatedAt: now,
          },
        ]),
      );
    },
    { userId: session.user.id, projectId: project.id, signature, photo },
  );

  // The first upload is held until the banner has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/audits/import", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/app/dashboard");
  await expect(page.getByText(/Uploading this device's audits to your workspace: 0 of 1 done/)).toBeVisible();
  release();
  await expect(page.getByText(/Uploading this device's audits/)).toHaveCount(0, { timeout: 30_000 });

  const audits = async () =>
    (await api.call<{ audits: AuditSummary[] }>("GET", "/audits", undefined, session.accessToken)).audits;
  expect(await audits()).toMatchObject([{ clientId: "0b7c9d2e-1111-4aaa-8bbb-000000000001", status: "completed" }]);
  // The local copy is still there, and a second start sends nothing again.
  await page.goto("/app/audits");
  const row = page.getByRole("list", { name: "Recent Audits" }).getByRole("link", { name: /Old Mill Conversion/ });
  await expect(row).toContainText("Synced");
  await page.reload();
  await expect(row).toContainText("Synced");
  expect(await audits()).toHaveLength(1);
});
