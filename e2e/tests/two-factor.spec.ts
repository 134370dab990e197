// Two-factor with an authenticator app (issue 40), on the desktop where people manage their
// account: enrol from the profile (the codes computed here from the key the page shows, with the
// library the server uses), sign out, and sign in again with a code. axe-clean on the way.
import { generateSync } from "otplib";
import { expect, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

/** The code an authenticator shows now, or at the next 30-second step. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function expectAccessible(page: import("@playwright/test").Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("enrols an authenticator from the profile and signs in with its code", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Tess", lastName: "Factor" });
  await page.goto("/login");
  await page.getByLabel("Email").fill(session.user.email);
  await page.getByLabel("Password").fill(session.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  await page.goto("/app/profile");
  const card = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(card.getByText("Off: signing in needs only your password.")).toBeVisible();
  await card.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);
  await card.getByLabel("6-digit code from the app").fill(codeFor(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  const codes = card.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByText("On: signing in asks for a code from your authenticator app.")).toBeVisible();
  await expect(card.getByText("Recovery codes left: 10")).toBeVisible();

  // Signing out ends on /login (SPEC): wait for it, or /login would still see the session.
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(session.user.email);
  await page.getByLabel("Password").fill(session.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expectAccessible(page);
  // The enrolment used this step's code: the next step's is a fresh one (the server refuses a replay).
  await code.fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  await page.goto("/app/security-log");
  await expect(page.getByRole("list", { name: "Security log" }).getByText("Authenticator app set up")).toBeVisible();
});
