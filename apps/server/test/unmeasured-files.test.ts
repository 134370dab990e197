// Files stored before their size was recorded (migrations 0027 and 0028, decisions 0040 and 0042):
// audit photos' thumbnails and signatures from before migration 0021, report photos' thumbnails
// from before 0009, comment photos from before 0017, and such files restored from the Trash after
// the measuring. Such rows are made here as those versions left them (bytes 0, never charged), listed by
// the migration's own statement, measured from file storage, and then the usage the platform
// admin sees includes them; deleting them afterwards releases exactly what was charged. Both databases.

import type { AdminUser } from "@sitesnag/shared/users";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listUnmeasuredFiles } from "../src/db/migrations/0027-unmeasured-files";
import { listUnmeasuredCommentPhotos } from "../src/db/migrations/0028-unmeasured-comment-photos";
import { measureUnmeasuredFiles } from "../src/quotas/unmeasured-files";
import { auditTeam, createAudit, signatureDataUrl } from "./audit-factories";
import { signInAdmin } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

describe.each(DIALECTS)("files stored before their size was recorded (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const adminUsage = async (userId: string) => {
    const admin = await signInAdmin(t);
    const res = await t.request({ method: "GET", url: "/api/users?pageSize=100", token: admin.accessToken });
    expect(res.statusCode).toBe(200);
    return Number((res.json().users as AdminUser[]).find((u) => u.id === userId)?.workspaceStorageBytes);
  };
  const auditBytes = async (auditId: string) =>
    Number(
      (await t.ctx.db.selectFrom("audits").select("storage_bytes").where("id", "=", auditId).executeTakeFirstOrThrow())
        .storage_bytes,
    );
  const photo = async (seed: number) =>
    multipart({}, [{ name: "site.jpg", data: await jpegPhoto({ width: 900, height: 700, seed }) }]);
  /** Puts the workspace back as a version before the sizes were recorded: `bytes` uncharged. */
  const uncharge = async (workspaceId: string, bytes: number) =>
    t.ctx.db
      .updateTable("workspaces")
      .set({ storage_bytes: sql<number>`storage_bytes - ${bytes}` })
      .where("id", "=", workspaceId)
      .execute();
  /** A report with one photo, stored as today; answers its id. */
  const reportWithPhoto = async (token: string, projectId: string, description: string, seed: number) => {
    const report = await t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      ...(await multipart({ projectId, priority: "high", description }, [
        { name: "p.jpg", data: await jpegPhoto({ width: 900, height: 700, seed }) },
      ])),
    });
    expect(report.statusCode, report.body).toBe(201);
    return report.json().report.id as string;
  };

  it("measures them once, counts them in the usage the admin sees, and releases them exactly", async () => {
    const { owner, projectId } = await auditTeam(t);
    const ws = owner.user.workspaceId;
    const token = owner.accessToken;
    // An audit with a photo and both signatures, and a report with a photo, stored as today.
    const audit = await createAudit(t, token, projectId);
    const added = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/ppe-1/photos`,
      token,
      ...(await photo(1)),
    });
    expect(added.statusCode, added.body).toBe(201);
    const signed = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}`,
      token,
      payload: { auditorSignature: await signatureDataUrl(), siteRepSignature: await signatureDataUrl(280, 110) },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await reportWithPhoto(token, projectId, "Cracked tile", 2);
    const full = await adminUsage(owner.user.id);
    const fullAudit = await auditBytes(audit.id);

    // As versions before migrations 0009 and 0021 left them: thumbnails and signatures recorded no
    // size and were never charged.
    const a = await t.ctx.db
      .selectFrom("audits")
      .select(["auditor_signature_bytes", "site_rep_signature_bytes"])
      .where("id", "=", audit.id)
      .executeTakeFirstOrThrow();
    const thumbs = await t.ctx.db
      .selectFrom("audit_photos")
      .select(sql<number>`sum(thumbnail_bytes)`.as("n"))
      .where("audit_id", "=", audit.id)
      .executeTakeFirstOrThrow();
    const reportThumbs = await t.ctx.db
      .selectFrom("attachments")
      .select(sql<number>`sum(thumbnail_bytes)`.as("n"))
      .where("workspace_id", "=", ws)
      .executeTakeFirstOrThrow();
    const auditUncounted = Number(a.auditor_signature_bytes) + Number(a.site_rep_signature_bytes) + Number(thumbs.n);
    const uncounted = auditUncounted + Number(reportThumbs.n);
    expect(Number(a.auditor_signature_bytes)).toBeGreaterThan(0);
    expect(Number(a.site_rep_signature_bytes)).toBeGreaterThan(0);
    expect(Number(thumbs.n)).toBeGreaterThan(0);
    expect(Number(reportThumbs.n)).toBeGreaterThan(0);
    await t.ctx.db.updateTable("audit_photos").set({ thumbnail_bytes: 0 }).where("audit_id", "=", audit.id).execute();
    await t.ctx.db.updateTable("attachments").set({ thumbnail_bytes: 0 }).where("workspace_id", "=", ws).execute();
    await t.ctx.db
      .updateTable("audits")
      .set({ auditor_signature_bytes: 0, site_rep_signature_bytes: 0, storage_bytes: fullAudit - auditUncounted })
      .where("id", "=", audit.id)
      .execute();
    await uncharge(ws, uncounted);
    expect(await adminUsage(owner.user.id)).toBe(full - uncounted);

    // The migration lists them from the stored rows; two instances measure at once; each file is
    // counted once (the other rows of this database were measured when stored: nothing else is listed).
    await t.ctx.db.deleteFrom("unmeasured_files").execute();
    await listUnmeasuredFiles(t.ctx.db as unknown as Kysely<unknown>);
    const listed = await t.ctx.db.selectFrom("unmeasured_files").selectAll().execute();
    expect(listed.map((r) => r.kind).sort()).toEqual([
      "attachment-thumbnail",
      "audit-auditor-signature",
      "audit-photo-thumbnail",
      "audit-site-rep-signature",
    ]);
    const charged = await Promise.all([measureUnmeasuredFiles(t.ctx), measureUnmeasuredFiles(t.ctx)]);
    expect(charged[0] + charged[1]).toBe(4);
    expect(await adminUsage(owner.user.id)).toBe(full);
    expect(await auditBytes(audit.id)).toBe(fullAudit);
    expect(await t.ctx.db.selectFrom("unmeasured_files").selectAll().execute()).toEqual([]);
    expect(await measureUnmeasuredFiles(t.ctx)).toBe(0);
    expect(await adminUsage(owner.user.id)).toBe(full);

    // Deleting the audit now releases what was charged for it, the report's photo stays counted.
    const gone = await t.request({ method: "DELETE", url: `/api/audits/${audit.id}`, token });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await adminUsage(owner.user.id)).toBe(full - fullAudit);
  });

  /** A report with a photo and a comment with a photo, stored as today; the workspace's usage with them. */
  const reportWithComment = async () => {
    const { owner, projectId } = await auditTeam(t);
    const token = owner.accessToken;
    const reportId = await reportWithPhoto(token, projectId, "Loose handrail", 5);
    const comment = await t.request({
      method: "POST",
      url: `/api/snagging/${reportId}/comments`,
      token,
      ...(await multipart({ body: "Bracket re-fixed" }, [
        { name: "c.jpg", data: await jpegPhoto({ width: 800, height: 600, seed: 6 }) },
      ])),
    });
    expect(comment.statusCode, comment.body).toBe(201);
    return { owner, token, reportId, full: await adminUsage(owner.user.id) };
  };
  const commentPhotoBytes = async (reportId: string) => {
    const rows = await t.ctx.db
      .selectFrom("comment_photos")
      .innerJoin("report_comments", "report_comments.id", "comment_photos.comment_id")
      .select(["comment_photos.size_bytes", "comment_photos.thumbnail_bytes"])
      .where("report_comments.report_id", "=", reportId)
      .execute();
    expect(rows).toHaveLength(1);
    return { size: Number(rows[0]?.size_bytes), thumbnail: Number(rows[0]?.thumbnail_bytes) };
  };

  it("comment photos stored before their size was recorded are listed by migration 0028 and counted once", async () => {
    const { owner, reportId, full } = await reportWithComment();
    const { size, thumbnail } = await commentPhotoBytes(reportId);
    expect(size).toBeGreaterThan(0);
    expect(thumbnail).toBeGreaterThan(0);
    const comments = t.ctx.db.selectFrom("report_comments").select("id").where("report_id", "=", reportId);
    await t.ctx.db
      .updateTable("comment_photos")
      .set({ size_bytes: 0, thumbnail_bytes: 0 })
      .where("comment_id", "in", comments)
      .execute();
    await uncharge(owner.user.workspaceId, size + thumbnail);
    expect(await adminUsage(owner.user.id)).toBe(full - size - thumbnail);

    await t.ctx.db.deleteFrom("unmeasured_files").execute();
    await listUnmeasuredCommentPhotos(t.ctx.db as unknown as Kysely<unknown>);
    const listed = await t.ctx.db.selectFrom("unmeasured_files").selectAll().execute();
    expect(listed.map((r) => r.kind).sort()).toEqual(["comment-photo", "comment-photo-thumbnail"]);
    const charged = await Promise.all([measureUnmeasuredFiles(t.ctx), measureUnmeasuredFiles(t.ctx)]);
    expect(charged[0] + charged[1]).toBe(2);
    expect(await commentPhotoBytes(reportId)).toEqual({ size, thumbnail });
    expect(await adminUsage(owner.user.id)).toBe(full);

    // Deleting the comment releases exactly what was charged.
    const [comment] = await comments.execute();
    const gone = await t.request({
      method: "DELETE",
      url: `/api/comments/${comment?.id}`,
      token: owner.accessToken,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await adminUsage(owner.user.id)).toBe(full - size - thumbnail);
  });

  it("a report trashed before its files were measured has them measured when it is restored", async () => {
    const { owner, token, reportId, full } = await reportWithComment();
    const photo = await t.ctx.db
      .selectFrom("attachments")
      .select(["thumbnail_bytes"])
      .where("report_id", "=", reportId)
      .executeTakeFirstOrThrow();
    const { size, thumbnail } = await commentPhotoBytes(reportId);
    const uncounted = Number(photo.thumbnail_bytes) + size + thumbnail;
    await t.ctx.db.updateTable("attachments").set({ thumbnail_bytes: 0 }).where("report_id", "=", reportId).execute();
    const comments = t.ctx.db.selectFrom("report_comments").select("id").where("report_id", "=", reportId);
    await t.ctx.db
      .updateTable("comment_photos")
      .set({ size_bytes: 0, thumbnail_bytes: 0 })
      .where("comment_id", "in", comments)
      .execute();
    await uncharge(owner.user.workspaceId, uncounted);

    // Trashed, then the start's measuring runs: the rows are not in the live tables, nothing listed.
    const trashed = await t.request({ method: "DELETE", url: `/api/snagging/${reportId}`, token });
    expect(trashed.statusCode, trashed.body).toBe(204);
    await t.ctx.db.deleteFrom("unmeasured_files").execute();
    await listUnmeasuredFiles(t.ctx.db as unknown as Kysely<unknown>);
    await listUnmeasuredCommentPhotos(t.ctx.db as unknown as Kysely<unknown>);
    expect(await measureUnmeasuredFiles(t.ctx)).toBe(0);
    expect(await adminUsage(owner.user.id)).toBe(full - uncounted);

    const items = (await t.request({ method: "GET", url: "/api/trash", token })).json().items as { id: string }[];
    expect(items).toHaveLength(1);
    const restored = await t.request({ method: "POST", url: `/api/trash/${items[0]?.id}/restore`, token });
    expect(restored.statusCode, restored.body).toBe(200);
    // The restore listed the three files and measures them in the background; measuring here too
    // counts each once, whichever gets there first.
    await measureUnmeasuredFiles(t.ctx);
    await expect.poll(() => adminUsage(owner.user.id)).toBe(full);
    await expect.poll(() => t.ctx.db.selectFrom("unmeasured_files").selectAll().execute()).toEqual([]);
    expect(await commentPhotoBytes(reportId)).toEqual({ size, thumbnail });
  });

  it("a file missing from storage, or a row gone meanwhile, is dropped from the list with nothing charged", async () => {
    const { owner, projectId } = await auditTeam(t);
    const audit = await createAudit(t, owner.accessToken, projectId);
    const added = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/ppe-1/photos`,
      token: owner.accessToken,
      ...(await photo(3)),
    });
    expect(added.statusCode, added.body).toBe(201);
    const row = await t.ctx.db
      .selectFrom("audit_photos")
      .select(["id", "thumbnail_key", "thumbnail_bytes"])
      .where("audit_id", "=", audit.id)
      .executeTakeFirstOrThrow();
    const before = await adminUsage(owner.user.id);
    await t.ctx.db.updateTable("audit_photos").set({ thumbnail_bytes: 0 }).where("id", "=", row.id).execute();
    await t.ctx.storage.delete([row.thumbnail_key]);
    await t.ctx.db
      .insertInto("unmeasured_files")
      .values([
        { kind: "audit-photo-thumbnail", row_id: row.id },
        { kind: "attachment-thumbnail", row_id: "no-such-row" },
      ])
      .execute();
    expect(await measureUnmeasuredFiles(t.ctx)).toBe(0);
    expect(await t.ctx.db.selectFrom("unmeasured_files").selectAll().execute()).toEqual([]);
    expect(await adminUsage(owner.user.id)).toBe(before);
  });
});
