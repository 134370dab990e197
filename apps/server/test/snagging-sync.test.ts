import path from "node:path";
import type { Report } from "@sitesnag/shared/snagging";
import { MAX_SYNC_ITEMS, type SyncResponse, type SyncResult } from "@sitesnag/shared/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles } from "./images";

type Item = { tempId: unknown; action?: string; resource?: string; data?: Record<string, unknown>; photos?: string[] };

/** The sync body as the browser sends it with photos: `items` JSON plus named file parts. */
async function syncMultipart(items: unknown, files: { part: string; data: Buffer }[]) {
  const form = new FormData();
  form.append("items", JSON.stringify({ items }));
  for (const f of files)
    form.append(f.part, new Blob([new Uint8Array(f.data)], { type: "image/jpeg" }), `${f.part}.jpg`);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  };
}

describe.each(DIALECTS)("POST /api/snagging/sync (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let strangerToken: string;
  let projectId: string;
  let foreignReportId: string;
  let seq = 0;
  const tid = (label: string) => {
    seq += 1;
    return `${label}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
  };

  const create = (tempId: string, extra: Record<string, unknown> = {}): Item => ({
    tempId,
    action: "create",
    resource: "snagging",
    data: { projectId, priority: "high", description: "📷 Photo 1 - Core B: cracked tile", ...extra },
  });
  const change = (action: string, reportId: string, data: Record<string, unknown> = {}): Item => ({
    tempId: tid(action),
    action,
    resource: "snagging",
    data: { reportId, ...data },
  });
  const sync = async (items: unknown, as = token) => {
    const res = await t.request({ method: "POST", url: "/api/snagging/sync", token: as, payload: { items } });
    return res;
  };
  const results = async (items: unknown, as = token): Promise<SyncResult[]> => {
    const res = await sync(items, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SyncResponse).data.results;
  };
  const fetchReport = async (id: string) => {
    const res = await t.request({ method: "GET", url: `/api/snagging/${id}`, token });
    return res.statusCode === 200 ? (res.json() as { report: Report }).report : null;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await signUp(t);
    token = owner.accessToken;
    projectId = (await createProject(t, token, { name: "Basement" })).id;
    const stranger = await signUp(t);
    strangerToken = stranger.accessToken;
    const strangerProject = await createProject(t, strangerToken);
    const [r] = await results(
      [{ ...create(tid("foreign")), data: { projectId: strangerProject.id, priority: "low" } }],
      strangerToken,
    );
    foreignReportId = r?.id as string;
  });
  afterAll(() => t.close());

  it("answers 401 without a token and 400 for a body without an items list", async () => {
    expect((await t.request({ method: "POST", url: "/api/snagging/sync", payload: { items: [] } })).statusCode).toBe(
      401,
    );
    expectError(await sync("nope"), 400);
    const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, payload: { things: [] } });
    expectError(res, 400, "The body must be an object with an 'items' list.");
  });

  it("creates once, and a replay answers the same ids with success and creates nothing", async () => {
    const batch = [create(tid("a")), create(tid("b"))];
    const first = await results(batch);
    expect(first.map((r) => r.success)).toEqual([true, true]);
    expect(first.map((r) => r.tempId)).toEqual(batch.map((i) => i.tempId));
    const before = await countRows(t, "snagging_reports");
    const again = await results(batch);
    expect(again).toEqual(first);
    expect(await countRows(t, "snagging_reports")).toBe(before);
    const report = await fetchReport(first[0]?.id as string);
    expect(report).toMatchObject({ projectId, priority: "high", status: "open", category: "other" });
    expect(report?.title).toMatch(/^SNAG-\d{8}-\d{4}$/);
  });

  it("recognises a form upload that committed before the browser queued it under the same key", async () => {
    const key = crypto.randomUUID();
    const fields = { projectId, priority: "high", description: "📷 Photo 1 - Lift pit: water ingress" };
    const posted = await t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      headers: { "idempotency-key": key },
      payload: fields,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const before = await countRows(t, "snagging_reports");
    const [r] = await results([{ tempId: key, action: "create", resource: "snagging", data: fields }]);
    expect(r).toMatchObject({ success: true, id: (posted.json() as { report: Report }).report.id });
    expect(await countRows(t, "snagging_reports")).toBe(before);
  });

  it("applies mixed actions in order, resolving a tempId created earlier in the batch", async () => {
    const temp = tid("mixed");
    const batch = [
      create(temp),
      change("status", temp, { status: "in-progress" }),
      change("update", temp, { priority: "low", description: "📷 Photo 1 - Roof: loose flashing" }),
      change("status", temp, { status: "resolved" }),
    ];
    const out = await results(batch);
    expect(
      out.every((r) => r.success),
      JSON.stringify(out),
    ).toBe(true);
    const id = out[0]?.id as string;
    expect(out.map((r) => r.id)).toEqual([id, id, id, id]);
    expect(await fetchReport(id)).toMatchObject({
      status: "resolved",
      priority: "low",
      description: "📷 Photo 1 - Roof: loose flashing",
    });
    // A later batch may still name the tempId (another tab had not learnt the real id yet).
    const [del] = await results([change("delete", temp)]);
    expect(del).toMatchObject({ success: true, id });
    expect(await fetchReport(id)).toBeNull();
  });

  it("gives each failing item its own error and goes on with the rest", async () => {
    const deleted = (await results([create(tid("gone"))]))[0]?.id as string;
    await results([change("delete", deleted)]);
    const good = create(tid("good"));
    const batch: unknown[] = [
      change("status", deleted, { status: "closed" }),
      change("status", foreignReportId, { status: "closed" }),
      { ...create(tid("bad")), data: { projectId, priority: "urgent" } },
      null,
      { action: "create" },
      { tempId: tid("x"), action: "explode", resource: "snagging", data: {} },
      { ...create(tid("r")), resource: "audits" },
      change("status", "never-created", { status: "closed" }),
      change("update", deleted, { priority: "low" }),
      good,
    ];
    const before = await countRows(t, "snagging_reports");
    const out = await results(batch);
    expect(out).toHaveLength(batch.length);
    expect(out.slice(0, -1).every((r) => !r.success && r.id === null && typeof r.error === "string")).toBe(true);
    expect(out[0]).toMatchObject({ statusCode: 404, error: expect.stringContaining("deleted") });
    expect(out[1]).toMatchObject({ statusCode: 404 }); // another workspace's report: not found, nothing leaked
    expect(out[2]).toMatchObject({ statusCode: 400, error: "Priority is required" });
    expect(out[3]).toMatchObject({ tempId: null, statusCode: 400 });
    expect(out[4]).toMatchObject({ tempId: null, error: "tempId is required" });
    expect(out[5]?.error).toBe(
      "action must be create, update, status, delete, comment_add, comment_edit or comment_delete",
    );
    expect(out[6]?.error).toBe("resource must be snagging");
    expect(out[7]).toMatchObject({ statusCode: 404 });
    expect(out[9]).toMatchObject({ success: true, tempId: good.tempId });
    expect(await countRows(t, "snagging_reports")).toBe(before + 1);
    expect((await fetchReport(foreignReportId)) === null).toBe(true);
    // A failed item is not recorded: sent again once fixed, it applies.
    const fixed = { ...(batch[2] as Item), data: { projectId, priority: "medium" } };
    expect((await results([fixed]))[0]?.success).toBe(true);
  });

  it("never applies the same item twice when identical batches race", async () => {
    const batch = [create(tid("race1")), create(tid("race2")), change("status", "placeholder")];
    const target = (await results([create(tid("target"))]))[0]?.id as string;
    batch[2] = change("status", target, { status: "closed" });
    const before = await countRows(t, "snagging_reports");
    const ledger = await countRows(t, "sync_applied");
    const answers = await Promise.all([1, 2, 3, 4].map(() => results(batch)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]?.every((r) => r.success)).toBe(true);
    expect(await countRows(t, "snagging_reports")).toBe(before + 2);
    expect(await countRows(t, "sync_applied")).toBe(ledger + 3);
  });

  it("takes photos as multipart parts, through the photo pipeline, once", async () => {
    const temp = tid("photo");
    const item = { ...create(temp), photos: ["p1", "p2"] };
    const body = await syncMultipart(
      [item],
      [
        { part: "p1", data: await jpegPhoto({ seed: 1 }) },
        { part: "p2", data: await jpegPhoto({ seed: 2 }) },
      ],
    );
    const send = () => t.request({ method: "POST", url: "/api/snagging/sync", token, ...body });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.statusCode, a.body).toBe(200);
    const ra = (a.json() as SyncResponse).data.results;
    expect((b.json() as SyncResponse).data.results).toEqual(ra);
    const report = await fetchReport(ra[0]?.id as string);
    expect(report?.attachments.map((x) => x.original_name)).toEqual(["p1.jpg", "p2.jpg"]);
    const stored = await t.request({ method: "GET", url: report?.attachments[0]?.file_path as string });
    expect(stored.headers["content-type"]).toBe("image/jpeg");
    // The losing duplicate's files were removed: two photos, each a display copy and a thumbnail.
    const files = (await listFiles(path.join(t.dataDir, "files"))).length;
    expect(files).toBe((await countRows(t, "attachments")) * 2);
  });

  it("applies an offline edit (fields, a removed photo, a new photo part) once, replay included", async () => {
    const temp = tid("edited");
    const created = { ...create(temp), photos: ["a1", "a2"] };
    const first = await syncMultipart(
      [created],
      [
        { part: "a1", data: await jpegPhoto({ seed: 11 }) },
        { part: "a2", data: await jpegPhoto({ seed: 12 }) },
      ],
    );
    const made = await t.request({ method: "POST", url: "/api/snagging/sync", token, ...first });
    const reportId = (made.json() as SyncResponse).data.results[0]?.id as string;
    const before = await fetchReport(reportId);
    const removed = before?.attachments[0]?.id as string;
    // As the edit form queues it: its fields, the photos it removed, new photos as parts.
    const edit = {
      ...change("update", temp, {
        priority: "critical",
        description: "📷 Photo 1 - Core B: resealed\n\n📷 Photo 2 - Core B: new crack",
        removeAttachmentIds: [removed],
      }),
      photos: ["e1"],
    };
    const body = await syncMultipart([edit], [{ part: "e1", data: await jpegPhoto({ seed: 13 }) }]);
    const send = () => t.request({ method: "POST", url: "/api/snagging/sync", token, ...body });
    const a = await send();
    expect(a.statusCode, a.body).toBe(200);
    expect((a.json() as SyncResponse).data.results).toEqual([{ success: true, tempId: edit.tempId, id: reportId }]);
    const b = await send();
    expect((b.json() as SyncResponse).data.results).toEqual([{ success: true, tempId: edit.tempId, id: reportId }]);
    const after = await fetchReport(reportId);
    expect(after?.priority).toBe("critical");
    expect(after?.attachments.map((x) => x.original_name)).toEqual(["a2.jpg", "e1.jpg"]);
    expect(after?.attachments.map((x) => x.id)).not.toContain(removed);
  });

  it("fails only the item whose photo is bad or missing", async () => {
    const body = await syncMultipart(
      [
        { ...create(tid("badphoto")), photos: ["broken"] },
        { ...create(tid("missing")), photos: ["absent"] },
        { ...create(tid("fine")), photos: ["ok"] },
        { ...change("status", foreignReportId, { status: "open" }), photos: ["ok"] },
      ],
      [
        { part: "broken", data: Buffer.from("definitely not a jpeg") },
        { part: "ok", data: await jpegPhoto({ seed: 3 }) },
      ],
    );
    const res = await t.request({ method: "POST", url: "/api/snagging/sync", token, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const out = (res.json() as SyncResponse).data.results;
    expect(out[0]).toMatchObject({ success: false, statusCode: 415 });
    expect(out[1]).toMatchObject({ success: false, error: "The photo part 'absent' was not sent with this request." });
    expect(out[2]?.success).toBe(true);
    expect(out[3]).toMatchObject({
      success: false,
      error: "Photos can only come with a create, an update or a new comment.",
    });
  });

  it("refuses an oversize batch with 413 and applies none of it", async () => {
    const before = await countRows(t, "snagging_reports");
    const items = Array.from({ length: MAX_SYNC_ITEMS + 1 }, () => create(tid("big")));
    expectError(await sync(items), 413);
    expect(await countRows(t, "snagging_reports")).toBe(before);
    const body = await syncMultipart(items, []);
    expectError(await t.request({ method: "POST", url: "/api/snagging/sync", token, ...body }), 413);
    expect(await countRows(t, "snagging_reports")).toBe(before);
  });

  it("refuses malformed multipart bodies with 400", async () => {
    const noItems = await syncMultipart([], []);
    const form = new FormData();
    form.append("items", "{not json");
    const response = new Response(form);
    const broken = {
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { "content-type": response.headers.get("content-type") as string },
    };
    for (const body of [broken])
      expectError(await t.request({ method: "POST", url: "/api/snagging/sync", token, ...body }), 400);
    // `items` twice is a malformed request, said as such (not 413 "too many fields"); nothing applied.
    const before = await countRows(t, "snagging_reports");
    const twice = new FormData();
    twice.append("items", JSON.stringify({ items: [create(tid("twice-1"))] }));
    twice.append("items", JSON.stringify({ items: [create(tid("twice-2"))] }));
    const twiceBody = new Response(twice);
    expectError(
      await t.request({
        method: "POST",
        url: "/api/snagging/sync",
        token,
        payload: Buffer.from(await twiceBody.arrayBuffer()),
        headers: { "content-type": twiceBody.headers.get("content-type") as string },
      }),
      400,
      "The field 'items' was sent more than once.",
    );
    expect(await countRows(t, "snagging_reports")).toBe(before);
    const ok = await t.request({ method: "POST", url: "/api/snagging/sync", token, ...noItems });
    expect((ok.json() as SyncResponse).data.results).toEqual([]);
  });
});
