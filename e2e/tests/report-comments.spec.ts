// Comments (issue 23), phone and desktop: a comment with a mention and a photo (uploaded by hash,
// then posted as JSON) notifies the teammate (the bell), shows on the report and in its history;
// its author edits and deletes it.
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { seed } from "../snagging-seed";

test("a comment with a mention notifies the teammate; its author edits and deletes it", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const url = baseURL as string;
  const { session, cracked } = await seed(api);
  const invite = await fetch(`${url}/api/invitations`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.accessToken}` },
    body: "{}",
  });
  const { token } = (await invite.json()) as { token: string };
  const joined = await fetch(`${url}/api/invitations/token/${token}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Sam",
      lastName: "Site",
      email: `sam.${Date.now()}@example.com`,
      password: "mention-me-2026",
    }),
  });
  const sam = (await joined.json()) as Session;

  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  const comments = page.getByRole("region", { name: "Comments" });
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(comments.getByRole("alert")).toHaveText("Write a comment");
  await comments.getByLabel("Add a comment").fill("Grout is still cracked —");
  await comments.getByLabel("Mention a teammate").selectOption({ label: "Sam Site" });
  await expect(comments.getByLabel("Add a comment")).toHaveValue("Grout is still cracked — @Sam Site ");
  await comments.getByLabel("Add a comment").pressSequentially("please have a look");
  await comments.getByText("Add photos").click();
  await comments
    .locator('input[type="file"]')
    .setInputFiles({ name: "grout.png", mimeType: "image/png", buffer: makePng([90, 90, 200]) });
  await expect(comments.getByText("1 photo")).toBeVisible();
  // The photo goes up alone, by hash (decisions 0025, 0035), then the comment names it in JSON.
  const upload = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/uploads\/[0-9a-f]{64}$/.test(r.url()));
  const commit = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/comments`));
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Comment posted")).toBeVisible();
  const sha256 = new URL((await upload).url()).pathname.split("/").pop();
  const sent = await commit;
  expect(sent.headers()["content-type"]).toContain("application/json");
  expect(sent.postDataJSON()).toMatchObject({ photoHashes: [sha256], photoNames: ["grout.jpg"] });
  const items = comments.getByRole("list", { name: "Comments, newest first" }).locator(":scope > li");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Grout is still cracked — @Sam Site please have a look");
  await expect(items.first().getByRole("img", { name: "grout.jpg" })).toBeVisible();
  const history = page.getByRole("list", { name: "Report history, newest first" }).getByRole("listitem");
  await expect(history.first()).toContainText(
    "Rita Surveyor commented: Grout is still cracked — @Sam Site please have a look",
  );

  // Sam's bell: the mention, linking to the report.
  const context = await browser.newContext({
    baseURL: url,
    viewport: page.viewportSize(),
    timezoneId: "UTC",
    locale: "en-GB",
  });
  const samPage = await context.newPage();
  await signInAs(samPage, sam);
  await samPage.goto("/app/dashboard");
  await samPage.getByRole("button", { name: /Notifications/ }).click();
  const mention = samPage.getByRole("link", {
    name: new RegExp(`Rita Surveyor mentioned you in a comment on ${cracked.title}`),
  });
  await mention.click();
  await expect(samPage).toHaveURL(new RegExp(`/app/snagging/${cracked.id}$`));
  // Not Sam's comment: no Edit or Delete for him.
  const samItems = samPage.getByRole("list", { name: "Comments, newest first" }).locator(":scope > li");
  await expect(samItems.first()).toContainText("please have a look");
  await expect(samItems.first().getByRole("button", { name: "Edit" })).toHaveCount(0);
  await context.close();

  // The author edits, then deletes after confirming.
  await items.first().getByRole("button", { name: "Edit" }).click();
  await items.first().getByLabel("Edit comment").fill("Grout replaced? Please confirm.");
  await items.first().getByRole("button", { name: "Save" }).click();
  await expect(items.first()).toContainText("Grout replaced? Please confirm.");
  await expect(items.first()).toContainText("edited");
  await items.first().getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete comment?" }).getByRole("button", { name: "Delete comment" }).click();
  await expect(page.getByText("Comment deleted")).toBeVisible();
  await expect(comments.getByText("No comments yet.")).toBeVisible();
  await expect(history.first()).toContainText("Rita Surveyor deleted a comment");
  await expect(history.nth(1)).toContainText("Rita Surveyor edited a comment: Grout replaced? Please confirm.");
});

test("comments written without a connection show as pending and are posted once when it returns", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  onOneViewport("mobile"); // offline on site (decision 0041)
  test.setTimeout(60_000);
  const url = baseURL as string;
  const { session, cracked } = await seed(api);
  const commentsUrl = `${url}/api/snagging/${cracked.id}/comments`;
  const auth = { authorization: `Bearer ${session.accessToken}` };
  await fetch(commentsUrl, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ body: "Tile ordered" }),
  });
  const bodiesOnServer = async () =>
    ((await (await fetch(commentsUrl, { headers: auth })).json()) as { comments: { body: string }[] }).comments
      .map((c) => c.body)
      .sort();

  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  const comments = page.getByRole("region", { name: "Comments" });
  const items = comments.getByRole("list", { name: "Comments, newest first" }).locator(":scope > li");
  await expect(items).toHaveCount(1);

  // The connection drops after a comment reached the server, so its answer is lost: it is sent
  // again at once under the same key, and appears once, never as pending.
  let dropped = false;
  await page.route("**/api/snagging/*/comments", async (route) => {
    if (dropped || route.request().method() !== "POST") return route.fallback();
    dropped = true;
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  await comments.getByLabel("Add a comment").fill("Grout matches now");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "Grout matches now" })).not.toContainText("Pending sync");
  await expect(page.getByText("Comment posted")).toBeVisible();
  await expect(page.getByText("No connection: the comment will be posted when you are back online")).toHaveCount(0);
  expect(await bodiesOnServer()).toEqual(["Grout matches now", "Tile ordered"]);

  // Offline: a new comment and an edit of an earlier one show at once, marked pending.
  await context.setOffline(true);
  await comments.getByLabel("Add a comment").fill("Skirting needs paint too");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("No connection: the comment will be posted when you are back online")).toBeVisible();
  const queued = items.filter({ hasText: "Skirting needs paint too" });
  await expect(queued).toContainText("Pending sync");
  const older = items.filter({ hasText: "Tile ordered" });
  await older.getByRole("button", { name: "Edit" }).click();
  await older.getByLabel("Edit comment").fill("Tile ordered, arrives Friday");
  await older.getByRole("button", { name: "Save" }).click();
  await expect(older).toContainText("Tile ordered, arrives Friday");
  await expect(older).toContainText("Edit pending sync");
  expect(await bodiesOnServer()).toEqual(["Grout matches now", "Tile ordered"]);

  await context.setOffline(false);
  await expect(comments.getByText(/pending sync/i)).toHaveCount(0, { timeout: 15_000 });
  await expect(items).toHaveCount(3);
  expect(await bodiesOnServer()).toEqual([
    "Grout matches now",
    "Skirting needs paint too",
    "Tile ordered, arrives Friday",
  ]);
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText("Skirting needs paint too");
});
