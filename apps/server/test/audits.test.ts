// Audits on the server (issue 25) through HTTP on SQLite and PostgreSQL: workspace visibility,
// auditor/owner edit rights, per-item merging with its history, completion only with both
// signatures, the lock and revisions, photos, deletes, and device uploads that never double.
import type { AnswerHistoryEntry, AuditApi, AuditList } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit, signatureDataUrl } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart, pngImage } from "./images";

describe.each(DIALECTS)("audits API (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;
  let outsider: { accessToken: string };
  let signature: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
    outsider = await signUp(t, { firstName: "Otto" });
    signature = await signatureDataUrl();
  });
  afterAll(() => t.close());

  const get = (id: string, token = team.member.accessToken) =>
    t.request({ method: "GET", url: `/api/audits/${id}`, token });
  const patch = (id: string, payload: unknown, token = team.member.accessToken) =>
    t.request({ method: "PATCH", url: `/api/audits/${id}`, token, payload: payload as object });
  const auditOf = (res: { json: () => unknown }) => (res.json() as { audit: AuditApi }).audit;
  const item = (audit: AuditApi, id: string) => audit.items.find((i) => i.id === id);
  const tableCount = async (table: "audits" | "audit_answers" | "audit_photos" | "audit_answer_history") =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates a draft on the standard template, visible to every member of the workspace and nobody else", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: { projectId: team.projectId, auditDate: "2026-11-21", notes: "Morning walk-round" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const audit = auditOf(res);
    expect(audit).toMatchObject({
      status: "draft",
      templateId: "standard",
      projectId: team.projectId,
      projectName: "Riverside Tower",
      auditorId: team.member.user.id,
      auditorName: "Aud Member",
      notes: "Morning walk-round",
      auditDate: Date.UTC(2026, 10, 21) / 1000,
      totalItems: 27,
      overallScore: 0,
      revision: 1,
      auditorSignature: null,
      siteRepSignature: null,
    });
    expect(audit.items).toHaveLength(27);
    expect(audit.formData).toMatchObject({ projectName: "Riverside Tower", siteAddress: "1 Quay St" });

    for (const token of [team.owner.accessToken, team.other.accessToken]) {
      expect((await get(audit.id, token)).statusCode).toBe(200);
      const list = (await t.request({ method: "GET", url: "/api/audits", token })).json() as AuditList;
      expect(list.audits.map((a) => a.id)).toContain(audit.id);
    }
    expectError(await get(audit.id, outsider.accessToken), 404, "Audit not found");
    const theirs = (await t.request({ method: "GET", url: "/api/audits", token: outsider.accessToken })).json();
    expect(theirs).toEqual({ audits: [], nextCursor: null });
  });

  it("filters by project, status, auditor and date range, and pages with a cursor", async () => {
    const second = await createProject(t, team.owner.accessToken, { name: "Second site" });
    const a = await createAudit(t, team.other.accessToken, second.id, { auditDate: "2026-01-10" });
    const b = await createAudit(t, team.other.accessToken, second.id, { auditDate: "2026-02-10" });
    const c = await createAudit(t, team.owner.accessToken, second.id, { auditDate: "2026-03-10" });
    const list = async (query: string) =>
      (
        (
          await t.request({ method: "GET", url: `/api/audits?${query}`, token: team.member.accessToken })
        ).json() as AuditList
      ).audits.map((x) => x.id);
    expect(await list(`projectId=${second.id}`)).toEqual([c.id, b.id, a.id]);
    expect(await list(`projectId=${second.id}&auditorId=${team.other.user.id}`)).toEqual([b.id, a.id]);
    expect(await list(`projectId=${second.id}&auditor=${team.owner.user.id}`)).toEqual([c.id]);
    expect(await list(`projectId=${second.id}&from=2026-02-01&to=2026-03-10`)).toEqual([c.id, b.id]);
    expect(await list(`projectId=${second.id}&status=completed`)).toEqual([]);
    expect(await list("projectId=not-a-uuid")).toEqual([]);

    const first = (
      await t.request({
        method: "GET",
        url: `/api/audits?projectId=${second.id}&limit=2`,
        token: team.member.accessToken,
      })
    ).json() as AuditList;
    expect(first.audits.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = (
      await t.request({
        method: "GET",
        url: `/api/audits?projectId=${second.id}&limit=2&cursor=${first.nextCursor}`,
        token: team.member.accessToken,
      })
    ).json() as AuditList;
    expect(next).toEqual({ audits: [expect.objectContaining({ id: a.id })], nextCursor: null });
    expectError(
      await t.request({ method: "GET", url: "/api/audits?status=signed", token: team.member.accessToken }),
      400,
      'Status must be "draft" or "completed"',
    );
  });

  it("only the auditor or an owner edits; answers merge per item and the history names an overwrite", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const before = await get(audit.id);
    expectError(
      await patch(audit.id, { answers: [{ itemId: "cdm-1", status: "C" }] }, team.other.accessToken),
      403,
      "Only the auditor or a workspace owner can change this audit.",
    );
    expect((await get(audit.id)).json()).toEqual(before.json());

    // Two people answer different sections of the same audit.
    const one = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/cdm-1`,
      token: team.member.accessToken,
      payload: { status: "NC", notes: "No CPP on site", riskSeverity: 4, riskLikelihood: 3, actionOwner: "Site lead" },
    });
    expect(one.statusCode, one.body).toBe(200);
    const two = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/height-1`,
      token: team.owner.accessToken,
      payload: { status: "C" },
    });
    expect(two.statusCode, two.body).toBe(200);
    const merged = auditOf(await get(audit.id));
    expect(item(merged, "cdm-1")).toMatchObject({ status: "NC", notes: "No CPP on site", riskScore: 12 });
    expect(item(merged, "height-1")).toMatchObject({ status: "C", updatedBy: team.owner.user.id });
    expect(merged).toMatchObject({ passedItems: 1, failedItems: 1, overallScore: Math.round(100 / 27) });

    // The owner then changes only the notes of the auditor's item: the status stays, the history says whose it was.
    await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/cdm-1`,
      token: team.owner.accessToken,
      payload: { notes: "CPP found in the cabin" },
    });
    const after = auditOf(await get(audit.id));
    expect(item(after, "cdm-1")).toMatchObject({ status: "NC", notes: "CPP found in the cabin", riskSeverity: 4 });
    const history = (
      await t.request({ method: "GET", url: `/api/audits/${audit.id}/history`, token: team.other.accessToken })
    ).json() as { entries: AnswerHistoryEntry[] };
    expect(history.entries[0]).toMatchObject({
      itemId: "cdm-1",
      userId: team.owner.user.id,
      userName: "Olive Owner",
      overwrote: team.member.user.id,
      changes: { notes: { from: "No CPP on site", to: "CPP found in the cabin" } },
    });
    expect(history.entries).toHaveLength(3);
  });

  it("concurrent answers to different items from two people all land, and the score matches them", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const ids = audit.items.slice(0, 12).map((i) => i.id);
    const results = await Promise.all(
      ids.map((itemId, n) =>
        t.request({
          method: "PATCH",
          url: `/api/audits/${audit.id}/items/${itemId}`,
          token: n % 2 === 0 ? team.member.accessToken : team.owner.accessToken,
          payload: { status: n < 9 ? "C" : "NC" },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const merged = auditOf(await get(audit.id));
    expect(merged.items.filter((i) => i.status !== "").map((i) => i.id)).toEqual(ids);
    expect(merged).toMatchObject({ passedItems: 9, failedItems: 3, overallScore: Math.round((9 / 27) * 100) });
    const listed = (
      (
        await t.request({
          method: "GET",
          url: `/api/audits?projectId=${team.projectId}`,
          token: team.member.accessToken,
        })
      ).json() as AuditList
    ).audits.find((a) => a.id === audit.id);
    expect(listed).toMatchObject({ passedItems: 9, failedItems: 3 });
  });

  it("refuses an answer for an item not in the template, and changes nothing of the request", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const counts = [await tableCount("audit_answers"), await tableCount("audit_answer_history")];
    const res = await patch(audit.id, {
      notes: "should not land",
      answers: [
        { itemId: "cdm-1", status: "C" },
        { itemId: "made-up-99", status: "NC" },
      ],
    });
    expectError(res, 400, "'made-up-99' is not an item of this audit's template. Nothing was changed.");
    const item404 = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/nope`,
      token: team.member.accessToken,
      payload: { status: "C" },
    });
    expectError(item404, 400, "'nope' is not an item of this audit's template. Nothing was changed.");
    expectError(
      await patch(audit.id, { answers: [{ itemId: "cdm-1", status: "maybe" }] }),
      400,
      'Status must be one of "", "C", "I", "NC", "N/A"',
    );
    expectError(await patch(audit.id, { answers: [{ itemId: "cdm-1", riskSeverity: 6 }] }), 400);
    const now = auditOf(await get(audit.id));
    expect(now.notes).toBe("");
    expect(item(now, "cdm-1")?.status).toBe("");
    expect([await tableCount("audit_answers"), await tableCount("audit_answer_history")]).toEqual(counts);
  });

  it("refuses a signature that is not an image, and completing without both signatures", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const notImages = [
      `data:image/png;base64,${Buffer.from("hello, I am text").toString("base64")}`,
      `data:image/png;base64,${Buffer.concat([(await pngImage()).subarray(0, 40)]).toString("base64")}`,
      `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`,
      "javascript:alert(1)",
      "not a signature",
    ];
    for (const value of notImages) {
      const res = await patch(audit.id, { auditorSignature: value, siteRepName: "Changed" });
      expect([400, 415], `${value.slice(0, 40)} → ${res.body}`).toContain(res.statusCode);
      expect((res.json() as { message: string }).message).toMatch(/signature (is not|must be) a/i);
    }
    expectError(
      await patch(audit.id, { auditorSignature: notImages[0] }),
      415,
      "The auditor's signature is not a PNG, JPEG or WebP image.",
    );
    const completeAlone = await patch(audit.id, { status: "completed" });
    expectError(
      completeAlone,
      400,
      "An audit can be completed only once both the auditor and the site representative have signed. Nothing was changed.",
    );
    expect(Object.keys((completeAlone.json() as { details: object }).details)).toEqual([
      "auditorSignature",
      "siteRepSignature",
    ]);
    // One signature in the same request is still one short: nothing of it is kept.
    const oneShort = await patch(audit.id, { auditorSignature: signature, status: "completed" });
    expectError(oneShort, 400);
    expect((oneShort.json() as { details: object }).details).toEqual({
      siteRepSignature: ["A signature is needed to complete the audit"],
    });
    const unchanged = auditOf(await get(audit.id));
    expect(unchanged).toMatchObject({ status: "draft", siteRepName: "", auditorSignature: null });
  });

  it("keeps the time each party signed on the device, unless it is in the future or before the audit", async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const serverTime = (before: number) => ({ asymmetricMatch: (v: number) => v >= before && v <= now() });
    // Made offline six hours ago, signed five hours ago, synced now.
    const made = now() - 6 * 3600;
    const offline = await createAudit(t, team.member.accessToken, team.projectId, {
      clientId: "signed-offline-1",
      createdAt: made,
    });
    expect(offline.createdAt).toBe(made);
    const signedAt = made + 3600;
    let before = now();
    const res = await patch(offline.id, {
      auditorSignature: signature,
      auditorSignedAt: signedAt,
      siteRepName: "Sally Site-Rep",
      siteRepSignature: signature,
      // A device clock an hour fast: not believed.
      siteRepSignedAt: now() + 3600,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(auditOf(res)).toMatchObject({
      auditorSignature: { signedAt: signedAt },
      siteRepSignature: { signedAt: serverTime(before) },
    });
    // A minute fast is a device clock's ordinary drift: kept, as the server's now.
    before = now();
    const drift = await patch(offline.id, { siteRepSignature: signature, siteRepSignedAt: now() + 60 });
    expect(auditOf(drift).siteRepSignature?.signedAt).toEqual(serverTime(before));
    expect(auditOf(drift).auditorSignature?.signedAt).toBe(signedAt);

    // Before the audit was made: the server's time. Without a time: the server's time.
    const online = await createAudit(t, team.member.accessToken, team.projectId);
    before = now();
    const early = await patch(online.id, { auditorSignature: signature, auditorSignedAt: online.createdAt - 3600 });
    expect(auditOf(early).auditorSignature?.signedAt).toEqual(serverTime(before));
    before = now();
    const missing = await patch(online.id, { siteRepName: "Sam", siteRepSignature: signature });
    expect(auditOf(missing).siteRepSignature?.signedAt).toEqual(serverTime(before));
    // The time the device kept is what the signed audit says.
    const done = await patch(offline.id, { status: "completed" });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(offline.id, team.owner.accessToken)).json()).toMatchObject({
      audit: { auditorSignature: { signedAt } },
    });

    // A time without its signature, or not a date: 400, nothing changed.
    const unchanged = (await get(online.id)).body;
    expectError(
      await patch(online.id, { siteRepSignedAt: now() }),
      400,
      "The site representative's signing time can only be sent with the site representative's signature. Nothing was changed.",
    );
    expectError(await patch(online.id, { auditorSignature: signature, auditorSignedAt: -5 }), 400);
    expectError(await patch(online.id, { auditorSignature: signature, auditorSignedAt: "09:00" }), 400);
    expect((await get(online.id)).body).toBe(unchanged);
    // A device audit "made" in the future is made now; one without a clientId is made now anyway.
    before = now();
    const future = await createAudit(t, team.member.accessToken, team.projectId, {
      clientId: "made-in-the-future",
      createdAt: now() + 86_400,
    });
    expect(future.createdAt).toEqual(serverTime(before));
    const plain = await createAudit(t, team.member.accessToken, team.projectId, { createdAt: made });
    expect(plain.createdAt).toEqual(serverTime(before));
  });

  it("completes with both signatures, locks, and a new revision keeps the signed one readable", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    await patch(audit.id, { answers: [{ itemId: "cdm-1", status: "C" }] });
    const signed = await patch(audit.id, {
      auditorSignature: signature,
      siteRepName: "Sally Site-Rep",
      siteRepSignature: signature,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(auditOf(signed).status).toBe("draft");
    const done = await patch(audit.id, { status: "completed" });
    expect(done.statusCode, done.body).toBe(200);
    const completed = auditOf(done);
    expect(completed).toMatchObject({
      status: "completed",
      completedAt: expect.any(Number),
      auditorSignature: {
        signerName: "Aud Member",
        signedAt: expect.any(Number),
        url: expect.stringMatching(/^\/files\/signatures\//),
      },
      siteRepSignature: { signerName: "Sally Site-Rep" },
    });
    const file = await t.request({ method: "GET", url: completed.auditorSignature?.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");

    // Locked: every change answers 409 and changes nothing; completing again is a harmless replay.
    const locked =
      "This audit is completed and signed, so it is locked. Start a new revision to change it; the signed one stays readable.";
    expectError(await patch(audit.id, { notes: "late edit" }), 409, locked);
    expectError(await patch(audit.id, { notes: "late edit" }, team.owner.accessToken), 409, locked);
    expectError(
      await t.request({
        method: "PATCH",
        url: `/api/audits/${audit.id}/items/cdm-1`,
        token: team.member.accessToken,
        payload: { status: "NC" },
      }),
      409,
      locked,
    );
    expect((await patch(audit.id, { status: "completed" })).statusCode).toBe(200);
    expect(auditOf(await get(audit.id))).toEqual(completed);

    // Someone who may not edit it cannot start a revision either.
    const denied = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/revisions`,
      token: team.other.accessToken,
    });
    expectError(denied, 403);
    const revised = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/revisions`,
      token: team.member.accessToken,
    });
    expect(revised.statusCode, revised.body).toBe(201);
    expect(auditOf(revised)).toMatchObject({
      status: "draft",
      revision: 2,
      auditorSignature: null,
      siteRepSignature: null,
      completedAt: null,
      revisions: [{ revision: 1, completedAt: completed.completedAt }],
    });
    expect(item(auditOf(revised), "cdm-1")?.status).toBe("C");
    const again = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/revisions`,
      token: team.member.accessToken,
    });
    expectError(again, 409);

    // The draft changes; revision 1 reads as it was signed, its signature still served.
    await patch(audit.id, { answers: [{ itemId: "cdm-1", status: "NC" }], auditorSignature: signature });
    const first = await t.request({
      method: "GET",
      url: `/api/audits/${audit.id}/revisions/1`,
      token: team.other.accessToken,
    });
    expect(first.statusCode).toBe(200);
    expect(auditOf(first)).toEqual(completed);
    expect((await t.request({ method: "GET", url: completed.siteRepSignature?.url as string })).statusCode).toBe(200);
    for (const bad of ["2", "0", "x", "99999999999"]) {
      const res = await t.request({
        method: "GET",
        url: `/api/audits/${audit.id}/revisions/${bad}`,
        token: team.member.accessToken,
      });
      expectError(res, 404);
    }
  });

  it("keeps item photos through the photo pipeline, and refuses what is not a photo", async () => {
    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const body = await multipart({}, [
      { name: "one.jpg", data: await jpegPhoto() },
      { name: "two.jpg", data: await jpegPhoto({ seed: 2 }) },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/height-2/photos`,
      token: team.member.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const photos = item(auditOf(res), "height-2")?.photos ?? [];
    expect(photos).toHaveLength(2);
    expect(photos[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const served = await t.request({ method: "GET", url: photos[0]?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");

    // An outbox retry of an upload that landed (Idempotency-Key) adds nothing.
    const keyed = async () =>
      t.request({
        method: "POST",
        url: `/api/audits/${audit.id}/items/height-3/photos`,
        token: team.member.accessToken,
        payload: body.payload,
        headers: { ...body.headers, "idempotency-key": "device-photo-upload-1" },
      });
    const firstTry = await keyed();
    expect(firstTry.statusCode, firstTry.body).toBe(201);
    const retry = await keyed();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(item(auditOf(retry), "height-3")?.photos).toHaveLength(2);
    expectError(
      await t.request({
        method: "POST",
        url: `/api/audits/${audit.id}/items/height-3/photos`,
        token: team.member.accessToken,
        payload: body.payload,
        headers: { ...body.headers, "idempotency-key": "é" },
      }),
      400,
      "Idempotency-Key must be 1 to 200 visible ASCII characters",
    );

    const countBefore = await tableCount("audit_photos");
    const text = await multipart({}, [{ name: "x.jpg", data: Buffer.from("not an image at all") }]);
    const refused = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/height-2/photos`,
      token: team.member.accessToken,
      payload: text.payload,
      headers: text.headers,
    });
    expectError(refused, 415, "'x.jpg' is not a JPEG, PNG or WebP image.");
    const wrongItem = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/zzz/photos`,
      token: team.member.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expectError(wrongItem, 400);
    const other = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/height-2/photos`,
      token: team.other.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expectError(other, 403);
    expect(await tableCount("audit_photos")).toBe(countBefore);

    const removed = await t.request({
      method: "DELETE",
      url: `/api/audits/${audit.id}/photos/${photos[0]?.id}`,
      token: team.member.accessToken,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(item(auditOf(removed), "height-2")?.photos.map((p) => p.id)).toEqual([photos[1]?.id]);
    expect((await t.request({ method: "GET", url: photos[0]?.url as string })).statusCode).toBe(404);
  });

  it("deletes: a draft by its auditor or an owner, a completed audit by an owner only, files too", async () => {
    const draft = await createAudit(t, team.member.accessToken, team.projectId);
    expectError(
      await t.request({ method: "DELETE", url: `/api/audits/${draft.id}`, token: team.other.accessToken }),
      403,
    );
    expectError(
      await t.request({ method: "DELETE", url: `/api/audits/${draft.id}`, token: outsider.accessToken }),
      404,
    );
    expect(
      (await t.request({ method: "DELETE", url: `/api/audits/${draft.id}`, token: team.member.accessToken }))
        .statusCode,
    ).toBe(204);
    expectError(await get(draft.id), 404);

    const audit = await createAudit(t, team.member.accessToken, team.projectId);
    const done = await patch(audit.id, {
      auditorSignature: signature,
      siteRepName: "Sam",
      siteRepSignature: signature,
      status: "completed",
    });
    const url = auditOf(done).auditorSignature?.url as string;
    expectError(
      await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token: team.member.accessToken }),
      403,
      "Only a workspace owner can delete a completed audit.",
    );
    expect(
      (await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token: team.owner.accessToken })).statusCode,
    ).toBe(204);
    expect((await t.request({ method: "GET", url })).statusCode).toBe(404);
  });

  it("a device's audit uploaded twice is one audit; a trashed project takes its audits along and brings them back", async () => {
    const project = await createProject(t, team.owner.accessToken, { name: "Upload site" });
    const body = { projectId: project.id, auditDate: "2026-11-01", clientId: "device-audit-42" };
    const first = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: body,
    });
    const second = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: body,
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(auditOf(second).id).toBe(auditOf(first).id);
    expect(auditOf(first).clientId).toBe("device-audit-42");
    // A device that lost the answer finds the audit by its own id (to delete it, say); nobody
    // outside the workspace does, and a malformed id is a sentence.
    const byClientId = async (clientId: string, token = team.member.accessToken) =>
      t.request({ method: "GET", url: `/api/audits?clientId=${encodeURIComponent(clientId)}`, token });
    const found = await byClientId("device-audit-42");
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { audits: { id: string }[] }).audits.map((a) => a.id)).toEqual([auditOf(first).id]);
    expect((await byClientId("device-audit-43")).json().audits).toEqual([]);
    expect((await byClientId("device-audit-42", outsider.accessToken)).json().audits).toEqual([]);
    expectError(
      await byClientId("no spaces/or slashes"),
      400,
      "Client id must be 1 to 64 letters, digits, dashes or underscores",
    );
    const signedRes = await patch(auditOf(first).id, {
      auditorSignature: signature,
      answers: [{ itemId: "cdm-1", status: "NC", notes: "Kept through the Trash" }],
    });
    const kept = auditOf(signedRes);

    const before = await tableCount("audits");
    const removed = await t.request({
      method: "DELETE",
      url: `/api/projects/${project.id}`,
      token: team.owner.accessToken,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await tableCount("audits")).toBe(before - 1);
    expectError(await get(kept.id), 404);
    const trash = await t.ctx.db
      .selectFrom("trash_items")
      .select("id")
      .where("item_id", "=", project.id)
      .executeTakeFirstOrThrow();
    const restored = await t.request({
      method: "POST",
      url: `/api/trash/${trash.id}/restore`,
      token: team.owner.accessToken,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(auditOf(await get(kept.id))).toEqual(kept);
    expect((await t.request({ method: "GET", url: kept.auditorSignature?.url as string })).statusCode).toBe(200);
  });

  it("refuses a project of another workspace and an unknown template with sentences", async () => {
    const theirs = await createProject(t, outsider.accessToken);
    const res = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: { projectId: theirs.id, auditDate: "2026-11-01" },
    });
    expectError(res, 400, "Project not found");
    const template = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: { projectId: team.projectId, auditDate: "2026-11-01", templateId: "custom-1" },
    });
    expectError(template, 400, "Template must be one of your workspace's templates");
    const date = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: { projectId: team.projectId, auditDate: "2026-13-45" },
    });
    expectError(date, 400, "Audit date must be a date (YYYY-MM-DD)");
  });
});
