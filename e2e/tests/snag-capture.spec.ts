import type { Page } from "@playwright/test";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import {
  choosePhotos,
  countRedPixels,
  createReportViaApi,
  describePhoto,
  jpegFile,
  listReports,
} from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

const TODAY = new Date();
TODAY.setUTCHours(12, 0, 0, 0);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysFromToday = (n: number) => isoDay(new Date(TODAY.getTime() + n * 86_400_000));

async function openForm(page: Page, session: Session, query = "") {
  await signInAs(page, session);
  // Date.now() pinned to midday (timers keep running): "today" cannot roll over mid-test.
  await page.clock.setFixedTime(TODAY);
  await page.goto(`/app/snagging/new${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "New Snagging Report" })).toBeVisible();
}

// Painting and compressing photos is real work for the browser: on a busy CI machine these tests
// need more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const photo = async (page: Page, name: string, hue = 200) =>
  jpegFile(name, await makeJpeg(page, { width: 1024, height: 768, hue }));

test("a report with two photos, one annotated by drawing, shows both with their texts", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Sam", lastName: "Snagger" });
  const project = await api.createProject(session.accessToken, { name: "Riverside Block A" });
  await openForm(page, session, `?projectId=${project.id}`);

  await expect(page.getByLabel("Project")).toHaveValue(project.id);
  const reference = await page.getByLabel("Reference number").inputValue();
  expect(reference).toMatch(new RegExp(`^SNAG-${isoDay(TODAY).replaceAll("-", "")}-[1-9]\\d{3}$`));
  await expect(page.getByLabel("Reference number")).toHaveAttribute("readonly", "");

  await choosePhotos(page, "Take photo", [await photo(page, "kitchen.jpg")]);
  await choosePhotos(page, "Choose photos", [await photo(page, "hall.jpg", 120)]);
  await describePhoto(page, 1, "Flat 2.04, kitchen", "Cracked tile by the sink");
  await describePhoto(page, 2, "Ground floor hall", "Scuffed skirting");

  // Annotate photo 1 with the mouse: a thick red rectangle.
  await page.getByRole("button", { name: "Annotate photo 1" }).click();
  const overlay = page.getByRole("dialog", { name: "Annotate photo" });
  await overlay.getByRole("button", { name: "Rectangle" }).click();
  await expect(overlay.getByRole("button", { name: "Rectangle" })).toHaveAttribute("aria-pressed", "true");
  await overlay.getByLabel("Brush size").fill("10");
  const canvas = overlay.getByRole("img", { name: /Photo to annotate/ });
  await expect(canvas).toHaveAccessibleName("Photo to annotate, 0 marks drawn");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("canvas not laid out");
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.8, { steps: 5 });
  await page.mouse.up();
  await expect(canvas).toHaveAccessibleName("Photo to annotate, 1 mark drawn");
  await overlay.getByRole("button", { name: "Save annotation" }).click();
  await expect(page.getByText("Annotation saved!")).toBeVisible();
  await expect(overlay).toBeHidden();
  await expect(page.getByRole("listitem", { name: "Photo 1" })).toContainText("annotated");

  // The original stays: re-annotating starts from the photo with the saved marks, which can be undone.
  await page.getByRole("button", { name: "Annotate photo 1" }).click();
  await expect(canvas).toHaveAccessibleName("Photo to annotate, 1 mark drawn");
  await overlay.getByRole("button", { name: "Undo" }).click();
  await expect(canvas).toHaveAccessibleName("Photo to annotate, 0 marks drawn");
  await overlay.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("listitem", { name: "Photo 1" })).toContainText("annotated");

  await page.getByRole("radio", { name: "High" }).check();
  await page.getByLabel("Due date").fill(daysFromToday(7));
  await page.getByLabel("Assignee").selectOption({ label: "Sam Snagger" });
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging\/[0-9a-f-]{36}$/);

  const [report] = await listReports(new URL(page.url()).origin, session.accessToken);
  if (!report) throw new Error("no report saved");
  expect(report.title).toBe(reference);
  expect(report.priority).toBe("high");
  expect(report.assignedTo).toBe(session.user.id);
  expect(report.attachments).toHaveLength(2);
  // The annotated upload carries the red rectangle; the other photo has no such red at all.
  const [first, second] = report.attachments;
  expect(await countRedPixels(page, first?.file_path ?? "")).toBeGreaterThan(500);
  expect(await countRedPixels(page, second?.file_path ?? "")).toBe(0);

  // The detail page pairs each photo with its texts.
  await expect(page.getByRole("heading", { name: "Photo 1" })).toBeVisible();
  await expect(page.getByText("Flat 2.04, kitchen")).toBeVisible();
  await expect(page.getByText("Cracked tile by the sink")).toBeVisible();
  await expect(page.getByText("Ground floor hall")).toBeVisible();
  await expect(page.getByText("Scuffed skirting")).toBeVisible();
});

test("each validation message, the due-date rule, and nothing saved until they pass", async ({ page, api }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Validation Court" });
  await openForm(page, session);

  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Project is required")).toBeVisible();
  await expect(page.getByText("Priority is required")).toBeVisible();
  await expect(page.getByText("Please add at least one photo of the snagg area")).toBeVisible();
  await expect(page.getByLabel("Project")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Project").selectOption(project.id);
  await page.getByRole("radio", { name: "Critical" }).check();
  await expect(page.getByText("Project is required")).toBeHidden();
  await expect(page.getByText("Priority is required")).toBeHidden();

  await page.getByLabel("Due date").fill(daysFromToday(-1));
  await expect(page.getByText("Due date cannot be earlier than today")).toBeVisible();
  await page.getByLabel("Due date").fill(daysFromToday(0));
  await expect(page.getByText("Due date cannot be earlier than today")).toBeHidden();

  await choosePhotos(page, "Choose photos", [await photo(page, "a.jpg"), await photo(page, "b.jpg", 90)]);
  await expect(page.getByText("Please specify location for all 2 photo(s)")).toBeVisible();
  await page.getByLabel("Photo 1 location").fill("Stair core");
  await page.getByLabel("Photo 2 location").fill("Lift lobby");
  await expect(page.getByText("Please add descriptions for all 2 photo(s)")).toBeVisible();
  expect(await listReports(new URL(page.url()).origin, session.accessToken)).toEqual([]);

  await describePhoto(page, 1, "Stair core", "Missing nosing");
  await describePhoto(page, 2, "Lift lobby", "Chipped door frame");
  // Reorder: photo 2 moves up and takes its texts along.
  await page.getByRole("button", { name: "Move photo 2 up" }).click();
  await expect(page.getByLabel("Photo 1 location")).toHaveValue("Lift lobby");
  await page.getByRole("button", { name: "Remove photo 2" }).click();
  await expect(page.getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report created successfully")).toBeVisible();
  const reports = await listReports(new URL(page.url()).origin, session.accessToken);
  expect(reports).toHaveLength(1);
  expect(reports[0]?.description).toBe("📷 Photo 1 - Lift lobby: Chipped door frame");
});

test("a failed save keeps everything the user entered, and a lost answer never saves twice", async ({ page, api }) => {
  onOneViewport("mobile");
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Flaky Network House" });
  await openForm(page, session, `?projectId=${project.id}`);
  await page.getByRole("radio", { name: "Low" }).check();
  await choosePhotos(page, "Take photo", [await photo(page, "wall.jpg")]);
  await describePhoto(page, 1, "East wall", "Efflorescence");

  // First attempt: the server answers 503. Second: the report is made but the answer is lost.
  let attempt = 0;
  await page.route("**/api/snagging", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    attempt += 1;
    if (attempt === 1) {
      return route.fulfill({
        status: 503,
        json: { statusCode: 503, error: "Service Unavailable", message: "Server busy" },
      });
    }
    if (attempt === 2) {
      await route.fetch();
      return route.abort("connectionreset");
    }
    return route.fallback();
  });
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Server busy")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging\/new/);
  await expect(page.getByLabel("Photo 1 location")).toHaveValue("East wall");
  await expect(page.getByLabel("Photo 1 description")).toHaveValue("Efflorescence");
  await expect(page.getByRole("radio", { name: "Low" })).toBeChecked();

  // The answer is lost (no network answer at all): issue 10 queues the report offline, under the
  // same Idempotency-Key as its tempId.
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging$/);
  const origin = new URL(page.url()).origin;
  expect(await listReports(origin, session.accessToken)).toHaveLength(1); // made, answer lost

  // Syncing the queue sends that key: the server recognises the report, it is not made twice.
  await page.getByRole("button", { name: "1 pending" }).click();
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByRole("region", { name: "Reports waiting to sync" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Synced" })).toBeVisible();
  const reports = await listReports(origin, session.accessToken);
  expect(reports).toHaveLength(1);
  expect(reports[0]?.description).toBe("📷 Photo 1 - East wall: Efflorescence");
});

test("save and add next twice keeps project, assignee, priority and due date; the choice is remembered", async ({
  page,
  api,
}) => {
  const session = await api.signUp({ firstName: "Rita", lastName: "Rapid" });
  await api.createProject(session.accessToken, { name: "Other site" });
  const project = await api.createProject(session.accessToken, { name: "Walk-round Wharf" });
  await openForm(page, session);
  await page.getByLabel("Project").selectOption(project.id);
  await page.getByLabel("Assignee").selectOption({ label: "Rita Rapid" });
  await page.getByRole("radio", { name: "Medium" }).check();
  await page.getByLabel("Due date").fill(daysFromToday(3));

  const references: string[] = [];
  for (const [n, where] of [
    [1, "Unit 1"],
    [2, "Unit 2"],
  ] as const) {
    references.push(await page.getByLabel("Reference number").inputValue());
    await choosePhotos(page, "Take photo", [await photo(page, `unit-${n}.jpg`, 60 * n)]);
    await describePhoto(page, 1, where, `Snag ${n}`);
    await page.getByRole("button", { name: "Save and add next" }).click();
    await expect(page.getByRole("status").filter({ hasText: references[n - 1] ?? "" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Take photo" })).toBeFocused();
    await expect(page.getByText("0 in this report")).toBeVisible();
    await expect(page.getByLabel("Project")).toHaveValue(project.id);
    await expect(page.getByLabel("Assignee")).toHaveValue(session.user.id);
    await expect(page.getByRole("radio", { name: "Medium" })).toBeChecked();
    await expect(page.getByLabel("Due date")).toHaveValue(daysFromToday(3));
    await expect(page.getByLabel("Reference number")).not.toHaveValue(references[n - 1] ?? "");
  }
  await expect(page).toHaveURL(/\/app\/snagging\/new$/);
  const reports = await listReports(new URL(page.url()).origin, session.accessToken);
  expect(reports.map((r) => r.title).sort()).toEqual([...references].sort());
  for (const r of reports) {
    expect(r).toMatchObject({ projectId: project.id, priority: "medium", assignedTo: session.user.id });
    expect(r.dueDate).toBe(Date.parse(`${daysFromToday(3)}T12:00:00Z`) / 1000);
  }

  // Next visit: the last project and assignee come back; priority and due date start fresh.
  await page.reload();
  await expect(page.getByLabel("Project")).toHaveValue(project.id);
  await expect(page.getByLabel("Assignee")).toHaveValue(session.user.id);
  await expect(page.getByRole("radio", { name: "Medium" })).not.toBeChecked();
});

test("editing adds one photo and removes another; the project is locked", async ({ page, api, baseURL }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Edit Estate" });
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  const original = await createReportViaApi(
    baseURL ?? "",
    session.accessToken,
    {
      projectId: project.id,
      title: "SNAG-20260101-1234",
      priority: "low",
      description: "📷 Photo 1 - Roof: Loose flashing\n\n📷 Photo 2 - Gutter: Blocked outlet",
    },
    [await photo(page, "roof.jpg"), await photo(page, "gutter.jpg", 30)],
  );

  await page.goto(`/app/snagging/${original.id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Snagging Report" })).toBeVisible();
  await expect(page.getByLabel("Project")).toBeDisabled();
  await expect(page.getByLabel("Photo 1 location")).toHaveValue("Roof");
  await expect(page.getByLabel("Photo 2 description")).toHaveValue("Blocked outlet");

  await page.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(page.getByText("Will be removed when you save")).toBeVisible();
  await expect(page.getByLabel("Photo 1 location")).toHaveValue("Gutter");
  await choosePhotos(page, "Choose photos", [await photo(page, "downpipe.jpg", 300)]);
  await describePhoto(page, 2, "Downpipe", "Cracked bracket");
  await page.getByRole("radio", { name: "High" }).check();
  // The new photo goes up alone, by hash; the edit then commits in one JSON PATCH naming it.
  const upload = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/uploads\/[0-9a-f]{64}$/.test(r.url()));
  const commit = page.waitForRequest((r) => r.method() === "PATCH" && r.url().endsWith(`/api/snagging/${original.id}`));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Snag report updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${original.id}$`));
  const sha256 = new URL((await upload).url()).pathname.split("/").pop();
  const sent = await commit;
  expect(sent.headers()["content-type"]).toContain("application/json");
  expect(sent.postDataJSON()).toMatchObject({
    photoHashes: [sha256],
    photoNames: ["downpipe.jpg"],
    removeAttachmentIds: [original.attachments[0]?.id],
  });

  const [saved] = await listReports(baseURL ?? "", session.accessToken);
  expect(saved?.attachments.map((a) => a.id)).not.toContain(original.attachments[0]?.id);
  expect(saved?.attachments).toHaveLength(2);
  expect(saved?.priority).toBe("high");
  expect(saved?.attachments.map((a) => a.original_name)).toEqual(["gutter.jpg", "downpipe.jpg"]);
  expect(saved?.description).toBe("📷 Photo 1 - Gutter: Blocked outlet\n\n📷 Photo 2 - Downpipe: Cracked bracket");
  // On the report (not its history, which keeps the old description): the new caption, not the removed one.
  const onReport = (text: string) => page.getByText(text).filter({ hasNotText: "changed Description" });
  await expect(onReport("Cracked bracket")).toBeVisible();
  await expect(onReport("Loose flashing")).toBeHidden();
});

test("editing a report that cannot be loaded says so and returns to the list", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/snagging/01900000-0000-7000-8000-000000000000/edit");
  await expect(page.getByText("Failed to load report")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging$/);
});

test("Cancel returns to the list", async ({ page, api }) => {
  await openForm(page, await api.signUp());
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/app\/snagging$/);
});

test.describe("device location granted", () => {
  test.use({ permissions: ["geolocation"], geolocation: { latitude: 53.480759, longitude: -2.242631, accuracy: 12 } });

  test("shows the position with its accuracy and saves it", async ({ page, api }) => {
    onOneViewport("mobile");
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken);
    await openForm(page, session, `?projectId=${project.id}`);
    await expect(page.getByText("53.480759, -2.242631 (accurate to ±12 m)")).toBeVisible();
    await page.getByRole("radio", { name: "Low" }).check();
    await choosePhotos(page, "Take photo", [await photo(page, "gps.jpg")]);
    await describePhoto(page, 1, "Plant room", "Unlabelled valve");
    await page.getByRole("button", { name: "Save report" }).click();
    await expect(page.getByText("Report created successfully")).toBeVisible();
    const [report] = await listReports(new URL(page.url()).origin, session.accessToken);
    expect(report?.locationLat).toBeCloseTo(53.480759, 5);
    expect(report?.locationLng).toBeCloseTo(-2.242631, 5);
  });
});

test.describe("device location denied", () => {
  test.use({ permissions: [] });

  test("says so and saves without coordinates", async ({ page, api, context }) => {
    onOneViewport("mobile");
    await context.clearPermissions();
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken);
    await openForm(page, session, `?projectId=${project.id}`);
    await expect(page.getByText(/Location permission denied/)).toBeVisible();
    await page.getByRole("radio", { name: "Low" }).check();
    await choosePhotos(page, "Take photo", [await photo(page, "no-gps.jpg")]);
    await describePhoto(page, 1, "Basement", "Damp patch");
    await page.getByRole("button", { name: "Save report" }).click();
    await expect(page.getByText("Report created successfully")).toBeVisible();
    const [report] = await listReports(new URL(page.url()).origin, session.accessToken);
    expect(report?.locationLat).toBeNull();
  });
});
