// Webhooks (issue 38, decision 0073), the office flow on desktop (decision 0041): the owner adds an
// endpoint from the API tokens page, copies the signing secret shown once, sends a test, sees it
// delivered in the endpoint's deliveries (a real receiver on 127.0.0.1 got it, signed), and
// deletes the endpoint after a confirmation.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, settled, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("add a webhook, see its secret once, send a test and see it delivered", async ({ page, api }) => {
  const received: http.IncomingHttpHeaders[] = [];
  const receiver = http.createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on("end", () => res.end("received"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const session = await api.signUp({ firstName: "Ada", lastName: "Owner" });
    await signInAs(page, session);
    await page.goto("/app/workspace/api-tokens");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("No webhooks yet.")).toBeVisible();

    await page.getByRole("button", { name: "Add webhook" }).click();
    const form = page.getByRole("dialog", { name: "New webhook" });
    await form.getByLabel("Endpoint URL").fill(url);
    await form.getByRole("checkbox", { name: "comment.created" }).check();
    await form.getByRole("button", { name: "Add webhook" }).click();

    const shown = page.getByRole("dialog", { name: "Copy your signing secret now" });
    await expect(shown.getByText("This is the only time the signing secret is shown.", { exact: false })).toBeVisible();
    const secretField = shown.getByLabel(`Signing secret for ${url}`);
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await secretField.inputValue();
    const results = await axe(page).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await shown.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Secret copied")).toBeVisible();
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole("list", { name: "Webhooks" }).getByRole("listitem").filter({ hasText: url });
    await expect(row).toContainText("Active");
    await expect(row).toContainText("comment.created");
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole("button", { name: `Send test to ${url}` }).click();
    await expect(page.getByText("Test queued", { exact: false })).toBeVisible();
    const deliveries = page.getByRole("region", { name: `Deliveries to ${url}` });
    const delivery = deliveries.getByRole("listitem").filter({ hasText: "webhook.test" }).first();
    await expect(delivery).toContainText("Delivered", { timeout: 15_000 });
    await expect(delivery).toContainText("HTTP 200");
    expect(received).toHaveLength(1);
    expect(received[0]?.["webhook-signature"]).toMatch(/^v1,/);
    await delivery.getByText("Details").click();
    await expect(delivery.getByText("received", { exact: true })).toBeVisible();
    await settled(page);
    const withList = await axe(page).withTags(WCAG_21_AA).analyze();
    expect(withList.violations.map((v) => v.id)).toEqual([]);

    await row.getByRole("button", { name: `Delete the webhook to ${url}` }).click();
    await page.getByRole("dialog", { name: "Delete this webhook?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Webhook deleted")).toBeVisible();
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
