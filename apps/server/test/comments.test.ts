// Comments on a report (issue 23): text with mentions (notified), up to 5 photos, newest first by
// cursor; edited or deleted by their author only, each step in the report's history; bad input
// answers with a sentence and changes nothing; another workspace's report or comment is 404.
import path from "node:path";
import type { ActivityList } from "@sitesnag/shared/activity";
import type { Comment, CommentList } from "@sitesnag/shared/comments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError, expectFieldError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)("report comments (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let sam: Account;
  let stranger: Account;
  let reportId: string;

  const post = (payload: object, token = owner.accessToken, id = reportId) =>
    t.request({ method: "POST", url: `/api/snagging/${id}/comments`, token, payload });
  const list = async (token = owner.accessToken, query = "") =>
    (
      await t.request({ method: "GET", url: `/api/snagging/${reportId}/comments${query}`, token })
    ).json() as CommentList;
  const history = async () =>
    (
      (
        await t.request({ method: "GET", url: `/api/snagging/${reportId}/activity`, token: owner.accessToken })
      ).json() as ActivityList
    ).activity;
  const state = async () => ({
    comments: await countRows(t, "report_comments"),
    photos: await countRows(t, "comment_photos"),
    activity: await countRows(t, "report_activity"),
    notifications: await countRows(t, "notifications"),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const res = await t.request({
      method: "POST",
      url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
      payload: {
        firstName: "Sam",
        lastName: "Site",
        email: `sam.${Date.now()}@example.com`,
        password: "comment-pass-1",
      },
    });
    sam = { ...(res.json() as Account), password: "comment-pass-1" };
    stranger = await signUp(t, { firstName: "Otto" });
    const projectId = (await createProject(t, owner.accessToken)).id;
    reportId = String(
      (await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id })).id,
    );
  });
  afterAll(() => t.close());

  it("posts a comment with a mention and photos; the teammate is notified; it is in the history", async () => {
    const body = await multipart({ body: "@Sam Site can you check the grout?", mentions: sam.user.id }, [
      { name: "grout-1.jpg", data: await jpegPhoto({ seed: 1 }) },
      { name: "grout-2.jpg", data: await jpegPhoto({ seed: 2 }) },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/snagging/${reportId}/comments`,
      token: owner.accessToken,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { comment } = res.json() as { comment: Comment };
    expect(comment).toMatchObject({
      authorId: owner.user.id,
      authorName: "Olive Owner",
      body: "@Sam Site can you check the grout?",
      editedAt: null,
    });
    expect(comment.photos.map((p) => p.original_name)).toEqual(["grout-1.jpg", "grout-2.jpg"]);
    const photo = await t.request({ method: "GET", url: comment.photos[0]?.file_path ?? "" });
    expect(photo.statusCode).toBe(200);

    const bell = (await t.request({ method: "GET", url: "/api/notifications", token: sam.accessToken })).json() as {
      notifications: { kind: string; message: string; reportId: string }[];
    };
    expect(bell.notifications[0]).toMatchObject({
      kind: "mention",
      reportId,
      message: expect.stringContaining("Olive Owner mentioned you in a comment"),
    });
    expect((await history())[0]?.summary).toBe("Olive Owner commented: @Sam Site can you check the grout?");
    expect((await list(sam.accessToken)).comments[0]?.id).toBe(comment.id);
  });

  it("refuses bad comments with a sentence and changes nothing", async () => {
    const before = await state();
    const files = await listFiles(path.join(t.dataDir, "files"));
    expectFieldError(await post({ body: "x".repeat(5001) }), "body", "A comment can be at most 5,000 characters");
    expectFieldError(await post({ body: "   " }), "body", "Write a comment");
    expectFieldError(
      await post({ body: "hi", mentions: [stranger.user.id] }),
      "mentions",
      "You can only mention members of your workspace.",
    );
    expectFieldError(
      await post({ body: "hi", mentions: ["not-a-user"] }),
      "mentions",
      "You can only mention members of your workspace.",
    );
    const six = await multipart(
      { body: "six photos" },
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({ name: `p${i}.jpg`, data: await jpegPhoto({ seed: i }) })),
      ),
    );
    expectError(
      await t.request({ method: "POST", url: `/api/snagging/${reportId}/comments`, token: owner.accessToken, ...six }),
      413,
      "A comment can have at most 5 photos.",
    );
    expectError(await post({ body: "hi" }, stranger.accessToken), 404);
    expectError(await post({ body: "hi" }, owner.accessToken, "not-a-uuid"), 404);
    expect(await state()).toEqual(before);
    expect(await listFiles(path.join(t.dataDir, "files"))).toEqual(files);
  });

  it("is edited and deleted by its author only; the history keeps both", async () => {
    const { comment } = (await post({ body: "First thought" }, sam.accessToken)).json() as { comment: Comment };
    const patch = (payload: unknown, token: string, id = comment.id) =>
      t.request({ method: "PATCH", url: `/api/comments/${id}`, token, payload: payload as object });
    expectError(
      await patch({ body: "Hijacked" }, owner.accessToken),
      403,
      "Only the comment's author can change or delete it.",
    );
    expectError(
      await t.request({ method: "DELETE", url: `/api/comments/${comment.id}`, token: owner.accessToken }),
      403,
    );
    expectError(await patch({ body: "Hijacked" }, stranger.accessToken), 404);
    expectError(
      await t.request({ method: "DELETE", url: `/api/comments/${comment.id}`, token: stranger.accessToken }),
      404,
    );
    expectFieldError(await patch({ body: "" }, sam.accessToken), "body", "Write a comment");

    const edited = await patch({ body: "Second thought" }, sam.accessToken);
    expect((edited.json() as { comment: Comment }).comment).toMatchObject({
      body: "Second thought",
      editedAt: expect.any(Number),
    });
    expect(
      (await t.request({ method: "DELETE", url: `/api/comments/${comment.id}`, token: sam.accessToken })).statusCode,
    ).toBe(204);
    expect((await list()).comments.map((c) => c.id)).not.toContain(comment.id);
    expect((await history()).slice(0, 3).map((e) => e.summary)).toEqual([
      "Sam Site deleted a comment",
      "Sam Site edited a comment: Second thought",
      "Sam Site commented: First thought",
    ]);
    expectError(await patch({ body: "again" }, sam.accessToken), 404);
  });

  it("pages newest first; the Trash takes comments, photos and history with the report and brings them back", async () => {
    for (const text of ["one", "two", "three"]) await post({ body: text });
    const first = await list(owner.accessToken, "?limit=2");
    expect(first.comments.map((c) => c.body)).toEqual(["three", "two"]);
    const next = await list(owner.accessToken, `?limit=2&cursor=${first.nextCursor}`);
    expect(next.comments[0]?.body).toBe("one");
    expect(await countRows(t, "comment_photos")).toBe(2);
    const historyBefore = (await history()).length;
    const files = await listFiles(path.join(t.dataDir, "files"));
    const del = await t.request({ method: "DELETE", url: `/api/snagging/${reportId}`, token: owner.accessToken });
    expect(del.statusCode).toBe(204);
    expect(await countRows(t, "report_comments")).toBe(0);
    expect(await countRows(t, "comment_photos")).toBe(0);
    expect(await countRows(t, "report_activity")).toBe(0);
    // The files stay until the Trash is purged, listed on its item with the report's own.
    expect(await listFiles(path.join(t.dataDir, "files"))).toEqual(files);
    const item = await t.ctx.db
      .selectFrom("trash_items")
      .selectAll()
      .where("item_id", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(item.file_keys)).toHaveLength(4);
    const restored = await t.request({
      method: "POST",
      url: `/api/trash/${item.id}/restore`,
      token: owner.accessToken,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await list()).comments.map((c) => c.body).slice(0, 3)).toEqual(["three", "two", "one"]);
    expect(await countRows(t, "comment_photos")).toBe(2);
    const after = await history();
    expect(after.length).toBe(historyBefore + 2);
    expect(after.slice(0, 2).map((e) => e.summary)).toEqual([
      "Olive Owner restored the report from the Trash",
      "Olive Owner moved the report to the Trash",
    ]);
  });
});
