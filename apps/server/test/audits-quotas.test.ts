// Audits joined to fair share (decisions 0019 and 0026): their photos and signatures count against
// the workspace's storage quota (charged with their rows, released only when their files are really
// deleted, carried through the Trash), and their write routes are charged to the per-minute budgets.
// Through the real API on both databases.

import path from "node:path";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSeconds } from "../src/time";
import { purgeExpiredTrash } from "../src/trash/trash.service";
import { expectError } from "./assertions";
import { auditTeam, createAudit, deviceAudit, signatureDataUrl } from "./audit-factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";

const MB = 1024 * 1024;
const PURGE_TIME = () => nowSeconds() + 31 * 86_400;

describe.each(DIALECTS)("audits against the storage quota (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { STORAGE_QUOTA_MB: "2" });
  });
  afterAll(() => t.close());

  const usedBytes = async (workspaceId: string) =>
    Number(
      (await t.ctx.db.selectFrom("workspaces").select("storage_bytes").where("id", "=", workspaceId).executeTakeFirst())
        ?.storage_bytes,
    );
  const setUsedBytes = (workspaceId: string, bytes: number) =>
    t.ctx.db.updateTable("workspaces").set({ storage_bytes: bytes }).where("id", "=", workspaceId).execute();
  const files = () => listFiles(path.join(t.dataDir, "files"));
  /** What the audit's live photos and signatures hold, from their rows. */
  const liveBytes = async (auditId: string) => {
    const photos = await t.ctx.db
      .selectFrom("audit_photos")
      .select(["size_bytes", "thumbnail_bytes"])
      .where("audit_id", "=", auditId)
      .execute();
    const audit = await t.ctx.db
      .selectFrom("audits")
      .select(["auditor_signature_bytes", "site_rep_signature_bytes"])
      .where("id", "=", auditId)
      .executeTakeFirstOrThrow();
    return (
      photos.reduce((sum, p) => sum + Number(p.size_bytes) + Number(p.thumbnail_bytes), 0) +
      Number(audit.auditor_signature_bytes) +
      Number(audit.site_rep_signature_bytes)
    );
  };

  async function addPhoto(token: string, auditId: string, seed = 1, itemId = "ppe-1") {
    const body = await multipart({}, [{ name: "site.jpg", data: await jpegPhoto({ width: 900, height: 700, seed }) }]);
    return t.request({ method: "POST", url: `/api/audits/${auditId}/items/${itemId}/photos`, token, ...body });
  }
  const patch = (token: string, auditId: string, payload: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: `/api/audits/${auditId}`, token, payload });
  const photosOf = (audit: AuditApi, itemId = "ppe-1") => audit.items.find((i) => i.id === itemId)?.photos ?? [];

  it("charges photos (display and thumbnail) and signatures; releases them on removal and on delete", async () => {
    const { owner, projectId } = await auditTeam(t);
    const ws = owner.user.workspaceId;
    const audit = await createAudit(t, owner.accessToken, projectId);
    const added = await addPhoto(owner.accessToken, audit.id);
    expect(added.statusCode, added.body).toBe(201);
    const thumbs = await t.ctx.db.selectFrom("audit_photos").select("thumbnail_bytes").execute();
    expect(thumbs.every((p) => Number(p.thumbnail_bytes) > 0)).toBe(true);
    await addPhoto(owner.accessToken, audit.id, 2);
    const withPhotos = await liveBytes(audit.id);
    expect(withPhotos).toBeGreaterThan(0);
    expect(await usedBytes(ws)).toBe(withPhotos);

    const signature = await signatureDataUrl();
    const signed = await patch(owner.accessToken, audit.id, { auditorSignature: signature });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await liveBytes(audit.id)).toBeGreaterThan(withPhotos);
    expect(await usedBytes(ws)).toBe(await liveBytes(audit.id));
    // A new signature replaces the old one: the old file's room comes back with it.
    const resigned = await patch(owner.accessToken, audit.id, { auditorSignature: await signatureDataUrl(200, 90) });
    expect(resigned.statusCode).toBe(200);
    expect(await usedBytes(ws)).toBe(await liveBytes(audit.id));
    const cleared = await patch(owner.accessToken, audit.id, { auditorSignature: "" });
    expect(cleared.statusCode).toBe(200);
    expect(await usedBytes(ws)).toBe(withPhotos);

    const photoId = photosOf((await addPhoto(owner.accessToken, audit.id, 3)).json().audit)[2]?.id;
    const removed = await t.request({
      method: "DELETE",
      url: `/api/audits/${audit.id}/photos/${photoId}`,
      token: owner.accessToken,
    });
    expect(removed.statusCode).toBe(200);
    expect(await usedBytes(ws)).toBe(withPhotos);

    const gone = await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(await usedBytes(ws)).toBe(0);
  });

  it("keeps the charge of files a signed revision still shows until the audit itself is deleted", async () => {
    const { owner, projectId } = await auditTeam(t);
    const ws = owner.user.workspaceId;
    const audit = await createAudit(t, owner.accessToken, projectId);
    const photo = photosOf((await addPhoto(owner.accessToken, audit.id)).json().audit)[0];
    const signature = await signatureDataUrl();
    const completed = await patch(owner.accessToken, audit.id, {
      auditorSignature: signature,
      siteRepName: "Rep",
      siteRepSignature: signature,
      status: "completed",
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const signedBytes = await usedBytes(ws);
    expect(signedBytes).toBe(await liveBytes(audit.id));
    const revision = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/revisions`,
      token: owner.accessToken,
    });
    expect(revision.statusCode).toBe(201);
    // Revision 1 still shows the photo and both signatures: removing the photo from the draft keeps them.
    const filesBefore = await files();
    const removed = await t.request({
      method: "DELETE",
      url: `/api/audits/${audit.id}/photos/${photo?.id}`,
      token: owner.accessToken,
    });
    expect(removed.statusCode).toBe(200);
    expect(await usedBytes(ws)).toBe(signedBytes);
    expect(await files()).toEqual(filesBefore);
    // A photo added to the new draft and removed again is really deleted: its room comes back.
    const extra = photosOf((await addPhoto(owner.accessToken, audit.id, 9)).json().audit)[0];
    expect(await usedBytes(ws)).toBeGreaterThan(signedBytes);
    await t.request({ method: "DELETE", url: `/api/audits/${audit.id}/photos/${extra?.id}`, token: owner.accessToken });
    expect(await usedBytes(ws)).toBe(signedBytes);
    expect(await files()).toEqual(filesBefore);

    const gone = await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(await usedBytes(ws)).toBe(0);
  });

  it("refuses a photo, a signature or an import past the quota with 413 and a sentence, storing nothing", async () => {
    const { owner, projectId } = await auditTeam(t);
    const ws = owner.user.workspaceId;
    const audit = await createAudit(t, owner.accessToken, projectId);
    await setUsedBytes(ws, 2 * MB - 10);
    const filesBefore = await files();
    const photo = await addPhoto(owner.accessToken, audit.id);
    expectError(photo, 413);
    expect(photo.json().message).toContain("Your workspace has used its 2 MB of storage.");
    expect(photo.json().message).toContain("nothing was saved");
    const signature = await patch(owner.accessToken, audit.id, { auditorSignature: await signatureDataUrl() });
    expectError(signature, 413);
    expect(signature.json().message).toContain("of storage");
    const entry = await deviceAudit(projectId, { signed: true, photo: await jpegPhoto({ width: 640, height: 480 }) });
    const imported = await t.request({
      method: "POST",
      url: "/api/audits/import",
      token: owner.accessToken,
      payload: entry,
    });
    expectError(imported, 413);
    expect(await files()).toEqual(filesBefore);
    expect(await usedBytes(ws)).toBe(2 * MB - 10);
    const rows = await t.ctx.db.selectFrom("audit_photos").select("id").where("audit_id", "=", audit.id).execute();
    expect(rows).toEqual([]);
    const stored = await t.ctx.db.selectFrom("audits").select("id").where("client_id", "=", entry.summary.id).execute();
    expect(stored).toEqual([]);
    // Answers store no files: they still go through.
    const answer = await patch(owner.accessToken, audit.id, { answers: [{ itemId: "ppe-1", status: "C" }] });
    expect(answer.statusCode).toBe(200);
  });

  it("charges an import's photos and signatures, carries them through the Trash, and the purge releases them", async () => {
    const { owner, projectId } = await auditTeam(t);
    const ws = owner.user.workspaceId;
    const entry = await deviceAudit(projectId, { signed: true, photo: await jpegPhoto({ width: 640, height: 480 }) });
    const imported = await t.request({
      method: "POST",
      url: "/api/audits/import",
      token: owner.accessToken,
      payload: entry,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const auditId = imported.json().audit.id as string;
    const held = await liveBytes(auditId);
    expect(held).toBeGreaterThan(0);
    expect(await usedBytes(ws)).toBe(held);
    // The replayed upload charges nothing more.
    const again = await t.request({
      method: "POST",
      url: "/api/audits/import",
      token: owner.accessToken,
      payload: entry,
    });
    expect(again.statusCode).toBe(200);
    expect(await usedBytes(ws)).toBe(held);

    const deleted = await t.request({ method: "DELETE", url: `/api/projects/${projectId}`, token: owner.accessToken });
    expect(deleted.statusCode).toBe(204);
    const trashed = await t.ctx.db
      .selectFrom("trash_items")
      .select("file_bytes")
      .where("item_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(Number(trashed.file_bytes)).toBe(held);
    expect(await usedBytes(ws)).toBe(held);
    await purgeExpiredTrash(t.ctx, PURGE_TIME());
    expect(await usedBytes(ws)).toBe(0);
  });
});

describe.each(DIALECTS)("audit writes against the per-minute write limits (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      WRITE_ITEMS_PER_MINUTE: "6",
      WRITE_MB_PER_MINUTE: "100",
      WORKSPACE_WRITE_ITEMS_PER_MINUTE: "100",
      WORKSPACE_WRITE_MB_PER_MINUTE: "100",
    });
  });
  afterAll(() => t.close());

  it("charges create, patches, photos, revisions, import and delete; past the budget 429 with nothing changed", async () => {
    const { owner, member, projectId } = await auditTeam(t);
    const audit = await createAudit(t, member.accessToken, projectId); // 1
    const item = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/ppe-1`,
      token: member.accessToken,
      payload: { status: "C" },
    }); // 2
    expect(item.statusCode).toBe(200);
    // A patch of three answers counts three changes: 5.
    const answers = ["ppe-2", "ppe-3", "height-1"].map((itemId) => ({ itemId, status: "C" }));
    const many = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}`,
      token: member.accessToken,
      payload: { answers },
    });
    expect(many.statusCode).toBe(200);
    const body = await multipart({}, [{ name: "site.jpg", data: await jpegPhoto({ width: 64, height: 48 }) }]);
    const photo = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/ppe-1/photos`,
      token: member.accessToken,
      ...body,
    }); // 6
    expect(photo.statusCode).toBe(201);

    const before = await t.ctx.db.selectFrom("audit_answers").selectAll().where("audit_id", "=", audit.id).execute();
    const refusals = [
      await t.request({
        method: "POST",
        url: "/api/audits",
        token: member.accessToken,
        payload: { projectId, auditDate: "2026-11-20" },
      }),
      await t.request({
        method: "PATCH",
        url: `/api/audits/${audit.id}/items/ppe-4`,
        token: member.accessToken,
        payload: { status: "NC" },
      }),
      await t.request({
        method: "PATCH",
        url: `/api/audits/${audit.id}`,
        token: member.accessToken,
        payload: { notes: "x" },
      }),
      await t.request({
        method: "POST",
        url: `/api/audits/${audit.id}/items/ppe-1/photos`,
        token: member.accessToken,
        ...body,
      }),
      await t.request({ method: "POST", url: `/api/audits/${audit.id}/revisions`, token: member.accessToken }),
      await t.request({
        method: "POST",
        url: "/api/audits/import",
        token: member.accessToken,
        payload: await deviceAudit(projectId),
      }),
      await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token: member.accessToken }),
    ];
    for (const refused of refusals) {
      expectError(refused, 429);
      expect(refused.json().message).toContain("nothing was saved");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await t.ctx.db.selectFrom("audit_answers").selectAll().where("audit_id", "=", audit.id).execute()).toEqual(
      before,
    );
    const audits = await t.ctx.db.selectFrom("audits").select("id").where("project_id", "=", projectId).execute();
    expect(audits.map((a) => a.id)).toEqual([audit.id]);
    // Reads are not writes, and the owner (another account) writes on.
    expect(
      (await t.request({ method: "GET", url: `/api/audits/${audit.id}`, token: member.accessToken })).statusCode,
    ).toBe(200);
    expect((await createAudit(t, owner.accessToken, projectId)).id).toBeTruthy();
  });
});
