import { createHash } from "node:crypto";
import type { AuditApi, AuditSummaryApi } from "@sitesnag/shared/audits-api";
import { parsePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeExpiredDemos } from "../src/demo/demo.service";
import { nowSeconds } from "../src/time";
import { createProject, demoLogin, insertAttachment, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("demo seed and expiry (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("seeds sample snags with mixed statuses and unique references, assigned to the demo user", async () => {
    const demo = await demoLogin(t);
    const res = await t.request({ method: "GET", url: "/api/snagging", token: demo.accessToken });
    const { reports } = res.json() as { reports: Report[] };
    expect(reports.length).toBeGreaterThanOrEqual(4);
    expect(new Set(reports.map((r) => r.status)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(reports.map((r) => r.title)).size).toBe(reports.length);
    expect(new Set(reports.map((r) => r.status))).toEqual(new Set(["open", "in-progress", "resolved", "closed"]));
    expect(new Set(reports.map((r) => r.priority))).toEqual(new Set(["critical", "high", "medium", "low"]));
    for (const r of reports) {
      expect(r.attachments.length).toBeGreaterThan(0);
      expect(parsePhotoDescription(r.description)).toHaveLength(r.attachments.length);
      for (const a of r.attachments) {
        const file = await t.request({ method: "GET", url: a.file_path });
        expect(file.statusCode).toBe(200);
        expect((await sharp(file.rawPayload).metadata()).format).toBe("jpeg");
        expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
      expect(r.title).toMatch(/^SNAG-\d{8}-\d{4}$/);
      expect(r.assignedTo).toBe(demo.user.id);
      expect(r.assignedToName).toBe("Demo User");
      expect(r.projectName).not.toBe("");
    }
    // The block's sample drawing, rendered like any upload, with the block's snags pinned on it.
    const block = reports.find((r) => r.description.includes("Flat 2.04 kitchen"));
    const projectId = block?.projectId as string;
    const sheetsOf = async () =>
      (
        (
          await t.request({ method: "GET", url: `/api/projects/${projectId}/sheets`, token: demo.accessToken })
        ).json() as {
          sheets: { id: string; name: string; level: string; status: string; pinCounts: Record<string, number> }[];
        }
      ).sheets;
    await expect.poll(async () => (await sheetsOf()).map((s) => s.status), { timeout: 45_000 }).toEqual(["ready"]);
    const [sheet] = await sheetsOf();
    expect(sheet?.name).toBe("Block B — typical floor");
    expect(sheet?.level).toBe("Levels 1–5");
    const pinned = reports.filter((r) => r.sheetId === sheet?.id);
    expect(pinned.map((r) => r.projectId)).toEqual([projectId, projectId, projectId]);
    for (const r of pinned) {
      expect(r.pinX).toBeGreaterThan(0);
      expect(r.pinX).toBeLessThan(1);
      expect(r.pinY).toBeGreaterThan(0);
      expect(r.pinY).toBeLessThan(1);
    }
    expect(reports.filter((r) => r.projectId !== projectId).every((r) => r.sheetId === null)).toBe(true);

    // Sample audits: three signed audits of the block, improving, and a draft at the school.
    const { audits } = (
      await t.request({ method: "GET", url: "/api/audits?limit=50", token: demo.accessToken })
    ).json() as { audits: AuditSummaryApi[] };
    const completed = audits.filter((a) => a.status === "completed").sort((a, b) => a.auditDate - b.auditDate);
    expect(completed).toHaveLength(3);
    expect(completed.every((a) => a.projectId === projectId)).toBe(true);
    const scores = completed.map((a) => a.overallScore);
    expect(scores[0]).toBeLessThan(scores[1] as number);
    expect(scores[1]).toBeLessThan(scores[2] as number);
    expect(audits.filter((a) => a.status === "draft").map((a) => a.projectId)).toEqual([
      reports.find((r) => r.projectId !== projectId && r.description.includes("Plant room"))?.projectId,
    ]);
    const latest = (
      await t.request({ method: "GET", url: `/api/audits/${completed[2]?.id}`, token: demo.accessToken })
    ).json() as { audit: AuditApi };
    expect(latest.audit.auditorSignature?.signerName).toBe("Demo User");
    expect(latest.audit.siteRepSignature?.signerName).toBe("Priya Shah (site manager)");
    const pdf = await t.request({ method: "GET", url: `/api/audits/${completed[2]?.id}/pdf`, token: demo.accessToken });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  }, 60_000);

  it("removes expired sandboxes with their data and files, and nothing else", async () => {
    const expired = await demoLogin(t);
    const fresh = await demoLogin(t);
    const regular = await signUp(t);
    const regularProject = await createProject(t, regular.accessToken);

    const [expiredReport] = (
      (await t.request({ method: "GET", url: "/api/snagging", token: expired.accessToken })).json() as {
        reports: Report[];
      }
    ).reports;
    const attachment = await insertAttachment(t, {
      id: (expiredReport as Report).id,
      workspace_id: expired.user.workspaceId,
    });
    expect(await t.ctx.storage.get(attachment.storage_key)).not.toBeNull();
    const seeded = expiredReport?.attachments[0]?.file_path.slice("/files/".length) as string;
    expect(await t.ctx.storage.stat(seeded)).not.toBeNull();
    // An upload not yet named by a report: its row and its file go with the sandbox.
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a33" } })
      .jpeg()
      .toBuffer();
    const sha = createHash("sha256").update(photo).digest("hex");
    const put = await t.request({
      method: "PUT",
      url: `/api/uploads/${sha}`,
      token: expired.accessToken,
      payload: photo,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(put.statusCode).toBe(201);
    const upload = await t.ctx.db.selectFrom("uploads").selectAll().where("sha256", "=", sha).executeTakeFirstOrThrow();

    await t.ctx.db
      .updateTable("workspaces")
      .set({ expires_at: nowSeconds() - 1 })
      .where("id", "=", expired.user.workspaceId)
      .execute();
    expect(await removeExpiredDemos(t.ctx)).toBe(1);

    const gone = await t.ctx.db
      .selectFrom("workspaces")
      .select("id")
      .where("id", "=", expired.user.workspaceId)
      .execute();
    expect(gone).toEqual([]);
    const orphanReports = await t.ctx.db
      .selectFrom("snagging_reports")
      .select("id")
      .where("workspace_id", "=", expired.user.workspaceId)
      .execute();
    expect(orphanReports).toEqual([]);
    expect(await t.ctx.storage.get(attachment.storage_key)).toBeNull();
    expect(await t.ctx.storage.stat(seeded)).toBeNull();
    expect(await t.ctx.storage.stat(upload.storage_key)).toBeNull();
    expect(await t.ctx.db.selectFrom("uploads").selectAll().where("sha256", "=", sha).execute()).toEqual([]);
    const login = await t.request({ method: "GET", url: "/api/projects", token: expired.accessToken });
    expect(login.statusCode).toBe(401);

    expect((await t.request({ method: "GET", url: "/api/projects", token: fresh.accessToken })).statusCode).toBe(200);
    const kept = await t.request({
      method: "GET",
      url: `/api/projects/${regularProject.id}`,
      token: regular.accessToken,
    });
    expect(kept.statusCode).toBe(200);
    expect(await removeExpiredDemos(t.ctx)).toBe(0);
  });

  it("takes an expired sandbox's Trash with it, files included", async () => {
    const demo = await demoLogin(t);
    const [report] = (
      (await t.request({ method: "GET", url: "/api/snagging", token: demo.accessToken })).json() as {
        reports: Report[];
      }
    ).reports;
    const key = report?.attachments[0]?.file_path.slice("/files/".length) as string;
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/projects/${report?.projectId}`,
      token: demo.accessToken,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.ctx.storage.stat(key)).not.toBeNull();

    await t.ctx.db
      .updateTable("workspaces")
      .set({ expires_at: nowSeconds() - 1 })
      .where("id", "=", demo.user.workspaceId)
      .execute();
    expect(await removeExpiredDemos(t.ctx)).toBe(1);
    const trash = await t.ctx.db
      .selectFrom("trash_items")
      .select("id")
      .where("workspace_id", "=", demo.user.workspaceId)
      .execute();
    expect(trash).toEqual([]);
    expect(await t.ctx.storage.stat(key)).toBeNull();
  });
});
