// A Polish browser (issue 35): the pre-rendered sign-in page turns to Polish once it is hydrated,
// the browser's own form check and the server's answer (Accept-Language) read in Polish, and the
// account's language then carries the dashboard (its counts as Polish plurals) and a project's date;
// the unsubscribe page a Polish recipient's email links to is Polish, every word of it.
import { expect, onOneViewport, type Session, test } from "../fixtures";
import { linkIn, waitForMail } from "../support/mail";

test.use({ locale: "pl-PL" });

const POLISH_DATE = /^\d{1,2} (sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru) \d{4}$/;

test("a Polish browser signs in in Polish and lands on a Polish dashboard", async ({ page, api }) => {
  onOneViewport("desktop");
  const owner = await api.signUp({ firstName: "Jan", lastName: "Kowalski" });
  await api.call("PATCH", `/users/${owner.user.id}`, { locale: "pl" }, owner.accessToken);
  const project = await api.createProject(owner.accessToken, { name: "Osiedle Zielone" });
  for (const description of ["Pęknięta płytka", "Brak listwy"])
    await api.createReport(owner.accessToken, { projectId: project.id, priority: "high", description });

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Zaloguj się", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  // The browser's own check of the form, in the schema's sentences translated.
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page.getByText("E-mail jest wymagany")).toBeVisible();
  await expect(page.getByText("Hasło jest wymagane")).toBeVisible();
  // The server's answer, in the browser's language before anyone has signed in.
  await page.getByLabel("E-mail").fill(owner.user.email);
  await page.getByLabel("Hasło").fill("not-the-password");
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page.getByText("Nieprawidłowy e-mail lub hasło")).toBeVisible();

  await page.getByLabel("Hasło").fill((owner as Session & { password: string }).password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Pulpit", level: 1 })).toBeVisible();
  await expect(page.getByText("Witaj ponownie, Jan.")).toBeVisible();
  // Two open reports: Polish "few"; none in progress: "many".
  const reports = page.getByRole("link", { name: /^Raporty usterek \d/ });
  await expect(reports).toContainText("2 otwarte · 0 w toku");
  await expect(page.getByRole("link", { name: /Czeka na mnie/ })).toBeVisible();

  await page.getByRole("link", { name: /^Projekty \d/ }).click();
  await page.getByRole("link", { name: /Osiedle Zielone/ }).click();
  await expect(page.getByText("Utworzono")).toBeVisible();
  await expect(page.getByText(POLISH_DATE)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Raporty" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Raporty usterek" })).toBeVisible();
});

test("the unsubscribe page from a Polish recipient's email reads in Polish, what was stopped included", async ({
  page,
  api,
  server,
}) => {
  onOneViewport("mobile");
  test.slow(); // waits for the server's mail schedule
  const owner = await api.signUp({ firstName: "Oren", lastName: "Owner" });
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const email = `tomasz.${Date.now()}@example.com`;
  const mate = await api.call<{ accessToken: string; user: { id: string } }>(
    "POST",
    `/invitations/token/${token}/register`,
    { firstName: "Tomasz", lastName: "Nowak", email, password: "mate-pass-2026" },
  );
  await api.call("PATCH", `/users/${mate.user.id}`, { locale: "pl" }, mate.accessToken);
  const project = await api.createProject(owner.accessToken);
  await api.createReport(owner.accessToken, { projectId: project.id, priority: "high", assignedTo: mate.user.id });
  const unsubscribe = linkIn(await waitForMail(server.dataDir, email), `${server.url}/unsubscribe?token=`);

  await page.goto(unsubscribe);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByRole("heading", { name: "Wyłącz te e-maile" })).toBeVisible();
  await page.getByRole("button", { name: "Wypisz się" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Gotowe: ${email} nie będzie już otrzymywać e-maili „Przypisane do mnie”.` +
      "Możesz to zmienić w każdej chwili w sekcji Powiadomienia e-mail na stronie profilu.",
  );
  await expect(page.getByRole("link", { name: "Ustawienia e-maili w profilu" })).toBeVisible();
  const prefs = await api.call<{ preferences: Record<string, string> }>(
    "GET",
    "/mail/preferences",
    undefined,
    mate.accessToken,
  );
  expect(prefs.preferences.assigned).toBe("off");
});
