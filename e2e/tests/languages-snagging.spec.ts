// Issue 35 on a site team's phone: a Polish user's snag form speaks Polish, its own checks
// included, and the list shows the new snag's date and status in Polish; a subcontractor's Polish
// browser opens a share link in Polish and switches it to English.
import type { Page } from "@playwright/test";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { jpegFile } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

test.use({ locale: "pl-PL" });
test.describe.configure({ timeout: 90_000 });

const POLISH_DATE = /^\d{1,2} (sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru) \d{4}$/;

async function inPolish(api: import("../fixtures").ApiHelper, session: Session): Promise<Session> {
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${session.user.id}`,
    { locale: "pl" },
    session.accessToken,
  );
  return { ...session, user };
}

async function takePhoto(page: Page) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Zrób zdjęcie" }).click();
  await (await chooser).setFiles([jpegFile("kuchnia.jpg", await makeJpeg(page, { width: 800, height: 600 }))]);
}

test("a Polish user's snag form checks in Polish; the list shows the snag's date and status in Polish", async ({
  page,
  api,
}) => {
  onOneViewport("mobile");
  const session = await inPolish(api, await api.signUp({ firstName: "Jan", lastName: "Kowalski" }));
  const project = await api.createProject(session.accessToken, { name: "Osiedle Zielone" });
  await signInAs(page, session);
  await page.goto("/app/snagging/new");
  await expect(page.getByRole("heading", { level: 1, name: "Nowy raport usterki" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");

  // Submitted empty: the form's own checks, in Polish.
  await page.getByRole("button", { name: "Zapisz raport" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Projekt jest wymagany" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Priorytet jest wymagany" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Dodaj co najmniej jedno zdjęcie miejsca usterki" }),
  ).toBeVisible();

  await page.getByLabel("Projekt", { exact: true }).selectOption(project.id);
  await takePhoto(page);
  const card = page.getByRole("listitem", { name: "Zdjęcie 1" });
  // The size through Intl for Polish ("245 kB", issue 35).
  await expect(card.getByText(/\d+ kB/)).toBeVisible({ timeout: 20_000 });
  // A photo without its texts: Polish plural of the photo count ("1 zdjęcie" needs no number).
  await expect(page.getByRole("alert").filter({ hasText: "Podaj miejsce dla zdjęcia" })).toBeVisible();
  await page.getByLabel("Miejsce – zdjęcie 1").fill("Mieszkanie 2.04, kuchnia");
  await page.getByLabel("Opis – zdjęcie 1").fill("Pęknięta płytka przy zlewie");
  await page.getByRole("radio", { name: "Wysoki" }).check();
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Termin").fill(due);
  await page.getByRole("button", { name: "Zapisz raport" }).click();
  await expect(page.getByText("Raport utworzony")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Zmień status" })).toBeVisible();

  await page.goto("/app/snagging");
  await expect(page.getByRole("heading", { level: 1, name: "Raporty usterek" })).toBeVisible();
  const item = page.getByRole("list", { name: "Raporty usterek" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Otwarta", { exact: true })).toBeVisible();
  await expect(item.getByText("Wysoki", { exact: true })).toBeVisible();
  await expect(item.getByText(POLISH_DATE)).toBeVisible();
  await expect(item.getByText("1 zdjęcie", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Otwarta/ })).toHaveAttribute("aria-pressed", "false");
});

test("the list's card writes the photo codec's missing location in Polish, what people typed as typed", async ({
  page,
  api,
}) => {
  onOneViewport("mobile");
  const session = await inPolish(api, await api.signUp({ firstName: "Jan", lastName: "Kowalski" }));
  const project = await api.createProject(session.accessToken, { name: "Osiedle Zielone" });
  const photo = { name: "plytka.png", type: "image/png", bytes: makePng([120, 120, 120]) };
  await api.createReport(
    session.accessToken,
    { projectId: project.id, priority: "high", description: "📷 Photo 1 - : Pęknięta płytka przy zlewie" },
    [photo],
  );
  await signInAs(page, session);
  await page.goto("/app/snagging");
  const item = page.getByRole("list", { name: "Raporty usterek" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Nie podano lokalizacji: Pęknięta płytka przy zlewie")).toBeVisible();
  await expect(item.getByText("Location not specified", { exact: false })).toHaveCount(0);
});

test("a Polish browser opens a share link in Polish and switches it to English", async ({ page, api }) => {
  onOneViewport("mobile");
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner" });
  const project = await api.createProject(owner.accessToken, { name: "Harbour View" });
  const photo = { name: "before.png", type: "image/png", bytes: makePng([180, 90, 40]) };
  const leak = await api.createReport(
    owner.accessToken,
    { projectId: project.id, priority: "high", description: "📷 Photo 1 - Flat 2 bathroom: Leaking trap under basin" },
    [photo],
  );
  const { url } = await api.call<{ url: string }>(
    "POST",
    `/projects/${project.id}/share-links`,
    { name: "Acme Plumbing" },
    owner.accessToken,
  );

  // No account, no storage: the browser's language decides.
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("heading", { name: "Acme Plumbing" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByText(/^Harbour View · 1 usterka · link ważny do \d{1,2} \p{L}{3} \d{4}$/u)).toBeVisible();
  const shared = page.getByRole("list", { name: "Udostępnione usterki" });
  const card = shared.getByRole("article", { name: leak.title });
  await expect(card.getByText("Otwarta", { exact: true })).toBeVisible();
  await expect(card.getByText("Wysoki", { exact: true })).toBeVisible();
  // What the author typed stays as they wrote it.
  await expect(card.getByText("Leaking trap under basin")).toBeVisible();
  await card.getByRole("button", { name: "Oznacz jako usuniętą" }).click();
  await expect(card.getByLabel("Zdjęcie poprawki")).toBeAttached();
  await card.getByRole("button", { name: "Wyślij poprawkę" }).click();
  await expect(card.getByRole("alert")).toHaveText("Dodaj zdjęcie poprawki");

  // The switcher: English at once, remembered on this device across a reload.
  await page.getByLabel("Język").selectOption("en-GB");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  const english = page.getByRole("list", { name: "Shared snags" }).getByRole("article", { name: leak.title });
  await expect(page.getByText(/^Harbour View · 1 snag · link valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(english.getByText("Open", { exact: true })).toBeVisible();
  await expect(english.getByRole("alert")).toHaveText("Add a photo of the fix");
  await expect(english.getByRole("button", { name: "Send fix" })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Shared snags" }).getByRole("button", { name: "Mark fixed" }),
  ).toBeVisible();
  await expect(page.getByLabel("Language")).toHaveValue("en-GB");
});
