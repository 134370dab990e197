// GET /api/audits/{id}/pdf read back with pdftotext and pdfimages (poppler-utils): the cover, the
// score and its counts, the risk matrix, every item with its answer, notes and risk, each photo
// with the SHA-256 of the file served at its URL, both signatures with names, and page numbers.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { AUDIT_TEMPLATE } from "@sitesnag/shared/audit-template";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDayTime } from "../src/format";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit, signatureDataUrl } from "./audit-factories";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

const run = promisify(execFile);

async function readPdf(pdf: Buffer): Promise<{ text: string; images: string[]; pages: number }> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-audit-pdf-"));
  try {
    const file = path.join(folder, "audit.pdf");
    await writeFile(file, pdf);
    const { stdout: text } = await run("pdftotext", ["-raw", file, "-"]);
    const { stdout: list } = await run("pdfimages", ["-list", file]);
    const { stdout: info } = await run("pdfinfo", [file]);
    return {
      // pdftotext keeps the zero-width break opportunities; drop them to compare with what was typed.
      text: text.replace(/\u200b/g, ""),
      images: list
        .split("\n")
        .slice(2)
        .filter((l) => l.trim() !== ""),
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)("audit PDF (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;
  let audit: AuditApi;
  let workspaceName: string;
  // Made and signed on a device two hours before it synced: the PDF says when it was signed.
  const deviceSignedAt = Math.floor(Date.now() / 1000) - 7200;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
    workspaceName = (
      await t.ctx.db
        .selectFrom("workspaces")
        .select("name")
        .where("id", "=", team.owner.user.workspaceId)
        .executeTakeFirstOrThrow()
    ).name;
    const created = await createAudit(t, team.member.accessToken, team.projectId, {
      notes: "Weekly inspection",
      clientId: "pdf-device-audit",
      createdAt: deviceSignedAt - 600,
    });
    const signature = await signatureDataUrl();
    const patch = await t.request({
      method: "PATCH",
      url: `/api/audits/${created.id}`,
      token: team.member.accessToken,
      payload: {
        answers: [
          ...AUDIT_TEMPLATE.slice(0, 20).map((i) => ({ itemId: i.id, status: "C" })),
          {
            itemId: "height-1",
            status: "NC",
            notes: "Guard rail missing on the east scaffold lift",
            riskSeverity: 5,
            riskLikelihood: 4,
            actionOwner: "Scaffold foreman",
            dueDate: Date.UTC(2026, 11, 1) / 1000,
          },
          { itemId: "fire-1", status: "I", notes: "Extinguisher tag out of date" },
          { itemId: "excavations-1", status: "N/A" },
        ].filter((a, i, all) => all.findLastIndex((b) => b.itemId === a.itemId) === i),
        auditorSignature: signature,
        auditorSignedAt: deviceSignedAt,
        siteRepName: "Sally Site-Rep",
        siteRepSignature: signature,
        siteRepSignedAt: deviceSignedAt + 60,
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const body = await multipart({}, [{ name: "rail.jpg", data: await jpegPhoto({ seed: 3 }) }]);
    const photo = await t.request({
      method: "POST",
      url: `/api/audits/${created.id}/items/height-1/photos`,
      token: team.member.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const done = await t.request({
      method: "PATCH",
      url: `/api/audits/${created.id}`,
      token: team.member.accessToken,
      payload: { status: "completed" },
    });
    audit = (done.json() as { audit: AuditApi }).audit;
  });
  afterAll(() => t.close());

  it("prints the cover, score, matrix, every item, photos with SHA-256, both signatures and page numbers", async () => {
    // Any member of the workspace may download it, not only the auditor.
    const res = await t.request({ method: "GET", url: `/api/audits/${audit.id}/pdf`, token: team.other.accessToken });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="site-audit-${audit.id}.pdf"`);
    const { text, images, pages } = await readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, " ");

    expect(flat).toContain("Site safety audit");
    expect(flat).toContain(workspaceName);
    expect(flat).toContain("Riverside Tower");
    expect(flat).toContain("Aud Member");
    expect(flat).toContain("Nov 20, 2026");
    expect(flat).toContain("Completed · Revision 1");
    expect(flat).toContain(`Signed ${formatDayTime(deviceSignedAt)}`);
    expect(flat).toContain(`Signed ${formatDayTime(deviceSignedAt + 60)}`);
    // The first 20 answered C, then three of them changed (height-1 NC, fire-1 I, excavations-1 N/A).
    const compliant = AUDIT_TEMPLATE.slice(0, 20).filter(
      (i) => !["height-1", "fire-1", "excavations-1"].includes(i.id),
    ).length;
    expect(audit.overallScore).toBe(Math.round((compliant / 27) * 100));
    expect(flat).toContain(`${audit.overallScore}% Compliance: Poor`);
    expect(flat).toContain(
      `COMPLIANT ${compliant} IMPROVEMENT 1 NON-COMPLIANT 1 N/A 1 NOT ASSESSED ${27 - compliant - 3} TOTAL ITEMS 27`,
    );
    // The matrix: severity 5 × likelihood 4 holds the one rated item (1) where its score (20) would be.
    expect(flat).toContain("Risk matrix Severity 5 5 10 15 1 25 Severity 4 4 8 12 16 20");
    for (const item of AUDIT_TEMPLATE) expect(flat).toContain(item.question.slice(0, 60).replace(/\s+/g, " "));
    expect(flat).toContain("Guard rail missing on the east scaffold lift");
    expect(flat).toContain("Risk score: 20 (High) · severity 5 Critical × likelihood 4 Likely");
    expect(flat).toContain("Action: Scaffold foreman, due Dec 1, 2026");
    expect(flat).toContain("Answer: Improvement");
    expect(flat).toContain("Answer: N/A");
    expect(flat).toContain("Answer: Not assessed");

    // The photo's SHA-256 is the hash of the very file served at its URL.
    const photo = audit.items.find((i) => i.id === "height-1")?.photos[0];
    const served = await t.request({ method: "GET", url: photo?.url as string });
    const sha = createHash("sha256").update(served.rawPayload).digest("hex");
    expect(photo?.sha256).toBe(sha);
    expect(flat.replace(/ /g, "")).toContain(sha);

    expect(flat).toContain("Signatures");
    expect(flat).toMatch(/AUDITOR Aud Member Signed .* SITE REPRESENTATIVE Sally Site-Rep Signed /);
    expect(flat.match(/Signed [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M UTC/g)).toHaveLength(2);
    // The photo and both signatures are embedded images (a PNG's transparency is its own smask).
    const types = images.map((l) => l.trim().split(/\s+/));
    expect(types.filter((c) => c[2] === "image").map((c) => c[8])).toEqual(["jpeg", "image", "image"]);
    expect(pages).toBeGreaterThan(2);
    for (let page = 1; page <= pages; page += 1) expect(flat).toContain(`Page ${page} of ${pages}`);
  });

  it("prints a draft as a draft, and answers 404 to another workspace", async () => {
    const draft = await createAudit(t, team.member.accessToken, team.projectId);
    const res = await t.request({ method: "GET", url: `/api/audits/${draft.id}/pdf`, token: team.owner.accessToken });
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Draft (not signed off)");
    expect(flat).toContain("Not signed yet");
    expect(flat).toContain("0% Compliance: Poor");
    const outsider = await signUp(t);
    expectError(
      await t.request({ method: "GET", url: `/api/audits/${draft.id}/pdf`, token: outsider.accessToken }),
      404,
    );
  });

  it("prints the standard template's sections and questions in the language of whoever downloads it", async () => {
    const reader = team.other;
    const set = await t.request({
      method: "PATCH",
      url: `/api/users/${reader.user.id}`,
      token: reader.accessToken,
      payload: { locale: "ro" },
    });
    expect(set.statusCode).toBe(200);
    const res = await t.request({ method: "GET", url: `/api/audits/${audit.id}/pdf`, token: reader.accessToken });
    expect(res.statusCode).toBe(200);
    const flat = (await readPdf(res.rawPayload)).text.replace(/\s+/g, " ");
    expect(flat).toContain("Lucrul la înălțime");
    expect(flat).toContain("Schelele inspectate de o persoană competentă înainte de prima utilizare");
    expect(flat).not.toContain("Scaffolds inspected by a competent person");
    // What people typed stays as they wrote it.
    expect(flat).toContain("Guard rail missing on the east scaffold lift");
    // The same audit for an English reader keeps the template's English.
    const english = await t.request({
      method: "GET",
      url: `/api/audits/${audit.id}/pdf`,
      token: team.owner.accessToken,
    });
    const englishText = (await readPdf(english.rawPayload)).text.replace(/\s+/g, " ");
    expect(englishText).toContain("Scaffolds inspected by a competent person before first use");
    expect(englishText).toContain("Working at height");
  }, 60_000);
});
