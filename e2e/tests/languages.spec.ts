// Each person's language (issue 35): switched on the profile page, the shell, navigation and
// profile change at once without a reload, <html lang> follows, a date reads in Polish, the server
// keeps the choice, and another device signed in to the account picks it up.
import { expect, isMobile, type Session, signInAs, test } from "../fixtures";

const POLISH_DATE = /^\d{1,2} (sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru) \d{4}$/;

test("switching to Polish on the profile translates the app at once and reaches every device", async ({
  page,
  api,
  browser,
}) => {
  const session = await api.signUp({ firstName: "Jan", lastName: "Kowalski" });
  await signInAs(page, session);
  await page.goto("/app/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  const account = page.getByRole("region", { name: "Account Information" });
  await expect(account.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // A reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await page.getByLabel("Language of the app").selectOption("pl");

  await expect(page.getByRole("heading", { name: "Profil", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  const konto = page.getByRole("region", { name: "Dane konta" });
  await expect(konto.getByText("Konto od")).toBeVisible();
  await expect(konto.getByText(POLISH_DATE)).toBeVisible();
  await expect(konto.getByText("Użytkownik", { exact: true })).toBeVisible();
  await expect(konto.getByRole("button", { name: "Edytuj profil" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Język zapisany" })).toBeVisible();
  // The shell: the bell's plural message, Logout, and the navigation of this viewport.
  await expect(page.getByRole("button", { name: "Powiadomienia, brak nieprzeczytanych" })).toBeVisible();
  if (isMobile(page)) {
    const tabs = page.getByRole("navigation", { name: "Karty" });
    await expect(tabs.getByRole("link", { name: "Usterki" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Projekty" })).toBeVisible();
    await page.getByRole("button", { name: "Otwórz menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Raporty usterek" })).toBeVisible();
    await menu.getByRole("button", { name: "Zamknij menu" }).click();
  } else {
    const main = page.getByRole("navigation", { name: "Główne" });
    await expect(main.getByRole("link", { name: "Pulpit" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Raporty usterek" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Wyloguj" })).toBeVisible();
  }
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  // The server has it, and this device keeps it across a reload.
  const me = await api.call<{ user: { locale: string } }>("GET", "/users/me", undefined, session.accessToken);
  expect(me.user.locale).toBe("pl");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Profil", level: 1 })).toBeVisible();

  // Another device, signed in before the change (its stored session still says English).
  const other = await browser.newContext({ viewport: page.viewportSize() });
  const phone = await other.newPage();
  await signInAs(phone, session as Session);
  await phone.goto("/app/profile");
  await expect(phone.getByRole("heading", { name: "Profil", level: 1 })).toBeVisible();
  await expect(phone.locator("html")).toHaveAttribute("lang", "pl");
  await other.close();

  // And back to English, word for word.
  await page.getByLabel("Język aplikacji").selectOption("en-GB");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Account Information" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
});

test("an account in Polish starts in Polish: the Trash with its plural, its date and its dialog", async ({
  page,
  api,
}) => {
  const owner = await api.signUp({ firstName: "Jan", lastName: "Kowalski" });
  const project = await api.createProject(owner.accessToken, { name: "Osiedle Zielone" });
  await api.call("DELETE", `/projects/${project.id}`, undefined, owner.accessToken);
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${owner.user.id}`,
    { locale: "pl" },
    owner.accessToken,
  );
  await signInAs(page, { ...owner, user });
  await page.goto("/app/trash");

  await expect(page.getByRole("heading", { name: "Kosz", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  const items = page.getByRole("list", { name: "Usunięte elementy" });
  // 30 days, or 29 across a day boundary: Polish "many" either way.
  await expect(items.getByText(/^Zostało (29|30) dni$/)).toBeVisible();
  await expect(
    items.getByText(/usunął\(-ęła\) Jan Kowalski, \d{1,2} (sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru) \d{4}/),
  ).toBeVisible();
  await items.getByRole("button", { name: "Usuń na zawsze: Osiedle Zielone" }).click();
  const dialog = page.getByRole("dialog", { name: "Usunąć „Osiedle Zielone” na zawsze?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Usuń na zawsze" }).click();
  await expect(page.getByText("Projekt „Osiedle Zielone” usunięty na zawsze")).toBeVisible();
  await expect(page.getByText("Kosz jest pusty")).toBeVisible();
});
