// Passkeys and the "require two-factor" policy (issue 40), on the desktop where people manage
// their account. Chromium's virtual authenticator (CDP WebAuthn) stands in for a fingerprint
// reader: a passkey is added from the profile, then signs in without a password. The page runs on
// "localhost": browsers refuse an IP address as a passkey's relying party (config.ts).
import type { Page } from "@playwright/test";
import { generateSync } from "otplib";
import { expect, type Session, settled, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const codeFor = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test("adds a passkey from the profile, signs in with it without a password, and removes it confirmed by itself", async ({
  page,
  api,
  server,
}) => {
  const origin = server.url.replace("127.0.0.1", "localhost");
  await virtualAuthenticator(page);
  const session = await api.signUp({ firstName: "Kit", lastName: "Passkey" });
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(session.user.email);
  await page.getByLabel("Password").fill(session.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  await page.goto(`${origin}/app/profile`);
  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await card.getByLabel("Name of the passkey").fill("Work laptop");
  await card.getByRole("button", { name: "Create passkey" }).click();
  // The account's first factor: its ten recovery codes, shown once.
  await expect(card.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await card.getByRole("button", { name: "I have saved them" }).click();
  const passkeys = card.getByRole("list", { name: "Your passkeys" });
  await expect(passkeys.getByText("Work laptop")).toBeVisible();
  await expect(passkeys.getByText(/Not used yet/)).toBeVisible();
  await expectAccessible(page);

  // The second step after the password: the passkey is offered there.
  await page.goto(`${origin}/logout`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(session.user.email);
  await page.getByLabel("Password").fill(session.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  // Without a password.
  await page.goto(`${origin}/logout`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Continue with a passkey" })).toBeVisible();
  await expectAccessible(page);
  // "Continue with a passkey": a name without "Sign In", which the other specs look for.
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  // Removing it asks for a fresh factor: the passkey itself here.
  await page.goto(`${origin}/app/profile`);
  await expect(
    page.getByRole("region", { name: "Two-factor authentication" }).getByText(/your passkeys are your second factor/),
  ).toBeVisible();
  await card.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
  await expect(card.getByText(/confirm with a code from your authenticator app/i)).toBeVisible();
  await card.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(page.getByText("Passkey removed.")).toBeVisible();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();

  await page.goto(`${origin}/app/security-log`);
  const log = page.getByRole("list", { name: "Security log" });
  await expect(log.getByText("Passkey added")).toBeVisible();
  await expect(log.getByText("Passkey removed")).toBeVisible();
});

test("an owner requires two-factor, and a member is led through setting it up before any data", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  const owner = await api.signUp({ firstName: "Olga", lastName: "Owner" });
  const { secret } = await api.call<{ secret: string }>("POST", "/auth/mfa/totp", undefined, owner.accessToken);
  await api.call("POST", "/auth/mfa/totp/confirm", { code: codeFor(secret) }, owner.accessToken);
  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, owner.accessToken);
  const memberEmail = `mia.${Date.now()}@example.com`;
  await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Mia",
    lastName: "Member",
    email: memberEmail,
    password: "member-pass-2026",
  });

  await signInAs(page, owner);
  await page.goto("/app/workspace");
  // Saved, then shown checked (the box follows the server's answer).
  const require = page.getByRole("checkbox", { name: /Require two-factor authentication/ });
  await require.click();
  await expect(page.getByText("Sign-in security saved")).toBeVisible();
  await expect(require).toBeChecked();
  await page.goto("/app/team");
  const memberRow = page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: memberEmail });
  await expect(memberRow.getByText("No two-factor")).toBeVisible();

  const context = await browser.newContext({ baseURL });
  const mate = await context.newPage();
  await mate.goto("/login");
  await mate.getByLabel("Email").fill(memberEmail);
  await mate.getByLabel("Password").fill("member-pass-2026");
  await mate.getByRole("button", { name: "Sign In" }).click();
  await expect(mate.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
  await expect(mate.getByRole("navigation")).toHaveCount(0);
  await expectAccessible(mate);
  const memberSecret = (await mate.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await mate.getByLabel("6-digit code from the app").fill(codeFor(memberSecret));
  await mate.getByRole("button", { name: "Turn on" }).click();
  await expect(mate.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await mate.getByRole("button", { name: "I have saved them" }).click();
  await expect(mate.getByRole("heading", { name: "Set up two-factor authentication" })).toHaveCount(0);
  await settled(mate);
  await context.close();

  await page.reload();
  await expect(memberRow.getByText("Two-factor on")).toBeVisible();
});
