import { FORGOT_PASSWORD_SENT } from "@sitesnag/shared/password-reset";
import { expect, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { linkIn, mailsTo, waitForMail } from "../support/mail";

test.describe("forgotten password by email", () => {
  test("from /login to a new password through the mailed link; the link then says it was used", async ({
    page,
    api,
    server,
  }) => {
    const account = await api.signUp({ firstName: "Reset" });
    const email = account.user.email;

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: FORGOT_PASSWORD_SENT })).toBeVisible();

    const mail = await waitForMail(server.dataDir, email);
    expect(mail.subject).toBe("Reset your SiteSnag password");
    const link = linkIn(mail, `${server.url}/reset-password?token=`);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(`New password for ${email}`)).toBeVisible();
    // The token leaves the address bar (history, Referer) as soon as the page has read it.
    await expect(page).toHaveURL(/\/reset-password$/);
    expect((await axe(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);
    await page.getByLabel("Password", { exact: true }).fill("fresh-start-2026");
    await page.getByLabel("Confirm password").fill("fresh-start-2027");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("fresh-start-2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    // The session from before the reset is over; the new password signs in.
    await expect(api.call("GET", "/projects", undefined, account.accessToken)).rejects.toThrow(/401/);
    await expect(api.call("POST", "/auth/login", { email, password: "fresh-start-2026" })).resolves.toBeTruthy();

    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This reset link has already been used");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  });

  test("an unknown address gets the same answer and no message", async ({ page, server }) => {
    const email = `nobody.${Date.now()}@example.com`;
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: FORGOT_PASSWORD_SENT })).toBeVisible();
    expect(await mailsTo(server.dataDir, email)).toEqual([]);
  });

  test("a link that is not valid says so plainly", async ({ page }) => {
    await page.goto("/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789");
    await expect(page.getByRole("alert")).toContainText("This reset link is not valid. Please ask for a new one.");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
