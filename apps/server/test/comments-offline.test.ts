// Comments written offline (decision 0032): a POST's Idempotency-Key and the sync's comment items
// share the ledger, so a comment sent again (a lost answer, a replayed batch, two tabs at once)
// appears once, notifies once and is recorded once; edits notify only people newly mentioned.
import type { ActivityList } from "@sitesnag/shared/activity";
import type { Comment, CommentList } from "@sitesnag/shared/comments";
import type { SyncResponse, SyncResult } from "@sitesnag/shared/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto } from "./images";

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)("comments through the offline outbox (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let sam: Account;
  let pat: Account;
  let projectId: string;
  let reportId: string;
  let seq = 0;
  const tid = (label: string) => {
    seq += 1;
    return `${label}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
  };

  const join = async (firstName: string): Promise<Account> => {
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const res = await t.request({
      method: "POST",
      url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
      payload: {
        firstName,
        lastName: "Site",
        email: `${firstName}.${tid("m")}@example.com`,
        password: "offline-pass-1",
      },
    });
    return { ...(res.json() as Account), password: "offline-pass-1" };
  };
  const item = (tempId: string, action: string, data: Record<string, unknown>, photos?: string[]) => ({
    tempId,
    action,
    resource: "snagging",
    data,
    timestamp: Date.now(),
    ...(photos ? { photos } : {}),
  });
  const sync = async (items: unknown[], token = owner.accessToken): Promise<SyncResult[]> => {
    const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, payload: { items } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SyncResponse).data.results;
  };
  const comments = async (id = reportId) =>
    (
      (
        await t.request({ method: "GET", url: `/api/snagging/${id}/comments`, token: owner.accessToken })
      ).json() as CommentList
    ).comments;
  const history = async (id = reportId) =>
    (
      (
        await t.request({ method: "GET", url: `/api/snagging/${id}/activity`, token: owner.accessToken })
      ).json() as ActivityList
    ).activity;
  const mentionsOf = async (account: Account) =>
    (
      await t.ctx.db
        .selectFrom("notifications")
        .select("id")
        .where("user_id", "=", account.user.id)
        .where("kind", "=", "mention")
        .execute()
    ).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    sam = await join("Sam");
    pat = await join("Pat");
    projectId = (await createProject(t, owner.accessToken)).id;
    reportId = String(
      (await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id })).id,
    );
  });
  afterAll(() => t.close());

  it("a POST sent again with its Idempotency-Key, then from the outbox, makes one comment and one notification", async () => {
    const key = tid("comment");
    const before = await countRows(t, "report_comments");
    const send = () =>
      t.request({
        method: "POST",
        url: `/api/snagging/${reportId}/comments`,
        token: owner.accessToken,
        headers: { "idempotency-key": key },
        payload: { body: "@Sam Site please check the grout", mentions: [sam.user.id] },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const id = (first.json() as { comment: Comment }).comment.id;
    expect((again.json() as { comment: Comment }).comment.id).toBe(id);
    // The answer was lost, so the web app queued it under the same key: the sync recognises it.
    const queued = item(key, "comment_add", {
      reportId,
      body: "@Sam Site please check the grout",
      mentions: [sam.user.id],
    });
    expect(await sync([queued])).toEqual([{ success: true, tempId: key, id }]);
    expect(await sync([queued])).toEqual([{ success: true, tempId: key, id }]);
    expect(await countRows(t, "report_comments")).toBe(before + 1);
    expect((await comments()).filter((c) => c.body === "@Sam Site please check the grout")).toHaveLength(1);
    expect(await mentionsOf(sam)).toBe(1);
    expect((await history()).filter((e) => e.type === "comment_added")).toHaveLength(1);
  });

  it("applies a replayed batch once: a comment on a report created in it, edited and deleted by tempId, with a photo", async () => {
    const createTemp = tid("report");
    const addTemp = tid("comment");
    const otherAdd = tid("comment");
    const batch = [
      item(createTemp, "create", { projectId, priority: "high", description: "Cracked tile" }),
      item(addTemp, "comment_add", { reportId: createTemp, body: "Seen on site", mentions: [] }, ["photo-0"]),
      item(tid("edit"), "comment_edit", { reportId: createTemp, commentId: addTemp, body: "Seen on site today" }),
      item(otherAdd, "comment_add", { reportId: createTemp, body: "To be removed" }),
      item(tid("delete"), "comment_delete", { reportId: createTemp, commentId: otherAdd }),
      // Its DELETE may have landed before its answer was lost: a delete of a comment gone is done.
      item(tid("delete"), "comment_delete", { reportId: createTemp, commentId: otherAdd }),
    ];
    const form = new FormData();
    form.append("items", JSON.stringify({ items: batch }));
    const photo = await jpegPhoto({ seed: 7 });
    form.append("photo-0", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "site.jpg");
    const response = new Response(form);
    const payload = Buffer.from(await response.arrayBuffer());
    const headers = { "content-type": response.headers.get("content-type") as string };
    const send = async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/snagging/sync",
        token: owner.accessToken,
        payload,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SyncResponse).data.results;
    };
    const first = await send();
    expect(first.map((r) => r.success)).toEqual([true, true, true, true, true, true]);
    const newReport = String(first[0]?.id);
    expect(await send()).toEqual(first); // the whole batch again: nothing new
    const list = await comments(newReport);
    expect(list.map((c) => c.body)).toEqual(["Seen on site today"]);
    expect(list[0]?.photos).toHaveLength(1);
    expect(list[0]?.id).toBe(first[1]?.id);
    const entries = await history(newReport);
    expect(
      entries
        .filter((e) => e.type.startsWith("comment_"))
        .map((e) => e.type)
        .sort(),
    ).toEqual(["comment_added", "comment_added", "comment_deleted", "comment_edited"]);
    // Marked as applied from the offline queue, with the time it was made on the device.
    expect(entries.find((e) => e.type === "comment_edited")?.offline).toMatchObject({ madeAt: expect.any(Number) });
  });

  it("two requests carrying the same queued comment at once make one comment", async () => {
    const key = tid("race");
    const before = await countRows(t, "report_comments");
    const queued = item(key, "comment_add", { reportId, body: "Sent from two tabs" });
    const [a, b] = await Promise.all([sync([queued]), sync([queued])]);
    expect(a[0]).toMatchObject({ success: true });
    expect(b[0]?.id).toBe(a[0]?.id);
    expect(await countRows(t, "report_comments")).toBe(before + 1);
  });

  it("refuses a queued comment the server cannot apply with a sentence, and changes nothing", async () => {
    const before = await countRows(t, "report_comments");
    const [foreignMention, missingComment, ownEdit, noBody] = await sync([
      item(tid("c"), "comment_add", { reportId, body: "Hi", mentions: ["00000000-0000-7000-8000-000000000000"] }),
      item(tid("e"), "comment_edit", { reportId, commentId: "never-posted", body: "x" }),
      item(tid("e"), "comment_edit", { reportId, commentId: (await comments())[0]?.id, body: "Not mine" }, undefined),
      item(tid("c"), "comment_add", { reportId, body: "  " }),
    ]);
    expect(foreignMention).toMatchObject({
      success: false,
      statusCode: 400,
      error: "You can only mention members of your workspace.",
    });
    expect(missingComment).toMatchObject({
      success: false,
      statusCode: 404,
      error: expect.stringContaining("Comment not found"),
    });
    expect(ownEdit).toMatchObject({ success: true }); // the owner wrote these comments
    expect(noBody).toMatchObject({ success: false, statusCode: 400, error: "Write a comment" });
    const [byOther] = await sync(
      [item(tid("e"), "comment_edit", { reportId, commentId: (await comments())[0]?.id, body: "Sam's edit" })],
      sam.accessToken,
    );
    expect(byOther).toMatchObject({ success: false, statusCode: 403 });
    expect(await countRows(t, "report_comments")).toBe(before);
  });

  it("an Idempotency-Key already used for another kind of change is refused", async () => {
    const key = tid("status");
    await sync([item(key, "status", { reportId, status: "in-progress" })]);
    const res = await t.request({
      method: "POST",
      url: `/api/snagging/${reportId}/comments`,
      token: owner.accessToken,
      headers: { "idempotency-key": key },
      payload: { body: "Same key" },
    });
    expectError(res, 409, "This Idempotency-Key was already used for a different request.");
  });

  it("an edit and a delete sent again with their Idempotency-Key, then from the outbox, apply once", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/snagging/${reportId}/comments`,
      token: owner.accessToken,
      payload: { body: "Primer first" },
    });
    const id = (res.json() as { comment: Comment }).comment.id;
    const editKey = tid("edit");
    const edit = () =>
      t.request({
        method: "PATCH",
        url: `/api/comments/${id}`,
        token: owner.accessToken,
        headers: { "idempotency-key": editKey },
        payload: { body: "Primer first, then two coats" },
      });
    const edited = async () => (await history()).filter((e) => e.type === "comment_edited").length;
    const before = await edited();
    expect((await edit()).statusCode).toBe(200);
    expect((await edit()).statusCode).toBe(200);
    const queuedEdit = item(editKey, "comment_edit", { reportId, commentId: id, body: "Primer first, then two coats" });
    expect(await sync([queuedEdit])).toEqual([{ success: true, tempId: editKey, id }]);
    expect(await edited()).toBe(before + 1);

    const deleteKey = tid("delete");
    const remove = () =>
      t.request({
        method: "DELETE",
        url: `/api/comments/${id}`,
        token: owner.accessToken,
        headers: { "idempotency-key": deleteKey },
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(204);
    expect(await sync([item(deleteKey, "comment_delete", { reportId, commentId: id })])).toEqual([
      { success: true, tempId: deleteKey, id },
    ]);
    expect((await history()).filter((e) => e.type === "comment_deleted")).toHaveLength(1);
    // Without the key a second DELETE is what it is: the comment is gone.
    expectError(await t.request({ method: "DELETE", url: `/api/comments/${id}`, token: owner.accessToken }), 404);
  });

  it("an edit that adds a mention notifies only the newly mentioned person, once", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/snagging/${reportId}/comments`,
      token: owner.accessToken,
      payload: { body: "@Sam Site have a look", mentions: [sam.user.id] },
    });
    const id = (res.json() as { comment: Comment }).comment.id;
    const [samBefore, patBefore] = [await mentionsOf(sam), await mentionsOf(pat)];
    const edit = { body: "@Sam Site have a look, @Pat Site too", mentions: [sam.user.id, pat.user.id] };
    const patch = () =>
      t.request({ method: "PATCH", url: `/api/comments/${id}`, token: owner.accessToken, payload: edit });
    expect((await patch()).statusCode).toBe(200);
    expect(await mentionsOf(sam)).toBe(samBefore);
    expect(await mentionsOf(pat)).toBe(patBefore + 1);
    // The same edit again, and a later one that drops and re-adds Pat: nobody is told twice.
    expect((await patch()).statusCode).toBe(200);
    await t.request({
      method: "PATCH",
      url: `/api/comments/${id}`,
      token: owner.accessToken,
      payload: { body: "Have a look", mentions: [] },
    });
    expect((await patch()).statusCode).toBe(200);
    expect(await mentionsOf(sam)).toBe(samBefore);
    expect(await mentionsOf(pat)).toBe(patBefore + 1);
    // Through the outbox, an edit mentioning someone new tells them once, however often it is sent.
    const queued = item(tid("edit"), "comment_edit", {
      reportId,
      commentId: id,
      body: "@Olive Owner fyi",
      mentions: [owner.user.id],
    });
    await sync([queued]);
    await sync([queued]);
    expect(await mentionsOf(owner)).toBe(0); // never oneself
  });
});
