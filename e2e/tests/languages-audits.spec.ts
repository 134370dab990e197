// An inspector whose language is Romanian (issue 35) runs an audit from the standard template on a
// phone: the dialog, the standard template's sections and questions, the answers and the score
// wording read in Romanian, and an answer saves.
import { expect, type Session, signInAs, test } from "../fixtures";

test.describe.configure({ timeout: 90_000 });

test("an inspector in Romanian starts a standard audit and sees its questions and score in Romanian", async ({
  page,
  api,
}) => {
  const inspector = await api.signUp({ firstName: "Ion", lastName: "Popescu" });
  await api.createProject(inspector.accessToken, { name: "Bloc Aviatorilor" });
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${inspector.user.id}`,
    { locale: "ro" },
    inspector.accessToken,
  );
  await signInAs(page, { ...inspector, user });
  await page.goto("/app/audits");

  await expect(page.getByRole("heading", { name: "Audituri de șantier", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ro");
  await page.getByRole("button", { name: "Audit de șantier nou" }).click();
  const dialog = page.getByRole("dialog", { name: "Audit de șantier nou" });
  await expect(dialog.getByLabel("Șablon")).toContainText("Siguranța pe șantier UK (standard)");
  await dialog.getByLabel("Proiect").selectOption({ label: "Bloc Aviatorilor" });
  await dialog.getByRole("button", { name: "Începe auditul" }).click();
  await expect(
    page.getByText("Auditul de șantier a fost creat! Completează punctele listei de verificare."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Bloc Aviatorilor" })).toBeVisible();

  // The standard template's words, in Romanian.
  await expect(page.getByRole("heading", { name: "3. Lucrul la înălțime" })).toBeVisible();
  await expect(
    page.getByRole("listitem", {
      name: /^3\.1 Schelele inspectate de o persoană competentă înainte de prima utilizare/,
    }),
  ).toBeVisible();
  await expect(page.getByText("Scaffolds inspected by a competent person", { exact: false })).toHaveCount(0);

  const score = page.getByRole("status", { name: "Scor de conformitate" });
  await expect(score).toHaveText("0\u00a0%");
  const first = page.getByRole("group", { name: "Starea pentru punctul 1.1", exact: true });
  await first.getByText("Conform", { exact: true }).click();
  await expect(first.getByRole("radio", { name: "Conform", exact: true })).toBeChecked();
  await expect(score).toHaveText("4\u00a0%");
  await expect(page.getByText("1 din 27 puncte conforme · 1 evaluate")).toBeVisible();
  await expect(page.getByText("1 din 3 cu răspuns").first()).toBeVisible();

  await page.getByRole("button", { name: "Salvează auditul" }).last().click();
  await expect(page.getByText("Auditul a fost salvat!")).toBeVisible();
  await page.reload();
  const reloaded = page.getByRole("group", { name: "Starea pentru punctul 1.1", exact: true });
  await expect(reloaded.getByRole("radio", { name: "Conform", exact: true })).toBeChecked();
  await expect(page.getByRole("status", { name: "Scor de conformitate" })).toHaveText("4\u00a0%");
});
