// POST /api/audits/import: an audit kept in a browser (or one entry of a backup file) moved up to
// the server once, on SQLite and PostgreSQL: answers, photos and signatures arrive; a repeat is
// the same audit; anything that is not an image or not a template item stores nothing.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { AuditTemplateApi, TemplateCreateInput } from "@sitesnag/shared/audit-templates";
import { type ChecklistItem, newChecklist } from "@sitesnag/shared/audits";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, deviceAudit } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, pngImage } from "./images";

describe.each(DIALECTS)("audit upload from a device (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
  });
  afterAll(() => t.close());

  const upload = (payload: unknown, token = team.member.accessToken) =>
    t.request({ method: "POST", url: "/api/audits/import", token, payload: payload as object });
  const auditOf = (res: { json: () => unknown }) => (res.json() as { audit: AuditApi }).audit;
  const storedFiles = async () =>
    (await readdir(path.join(t.dataDir, "files"), { recursive: true }).catch(() => [] as string[])).sort();
  const counts = async () =>
    Promise.all(
      (["audits", "audit_answers", "audit_photos"] as const).map(async (table) =>
        Number(
          (
            await t.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  it("moves a signed device audit up with its answers, photo and signatures, once", async () => {
    const entry = await deviceAudit(team.projectId, {
      signed: true,
      photo: await jpegPhoto(),
      answers: [{ id: "height-1", status: "NC", notes: "No edge protection", riskSeverity: 4, riskLikelihood: 4 }],
    });
    const first = await upload(entry);
    expect(first.statusCode, first.body).toBe(201);
    const audit = auditOf(first);
    expect(audit).toMatchObject({
      clientId: entry.summary.id,
      status: "completed",
      auditorId: team.member.user.id,
      auditDate: entry.summary.auditDate,
      notes: "From the phone",
      passedItems: 9,
      failedItems: 1,
      overallScore: Math.round((9 / 27) * 100),
      siteRepName: "Sally Site-Rep",
      siteRepSignature: { signerName: "Sally Site-Rep", signedAt: entry.detail.siteRepSignedAt },
      auditorSignature: { signerName: "Aud Member", signedAt: entry.detail.auditorSignedAt },
      formData: { principalContractor: "Acme Build", weather: "Dry" },
    });
    const item = audit.items.find((i) => i.id === "height-1");
    expect(item).toMatchObject({ status: "NC", notes: "No edge protection", riskScore: 16 });
    expect(item?.photos).toHaveLength(1);
    expect((await t.request({ method: "GET", url: item?.photos[0]?.url as string })).statusCode).toBe(200);

    // Repeated (a lost answer, a second tab): the same audit, nothing new.
    const before = await counts();
    const again = await upload(entry);
    expect(again.statusCode).toBe(200);
    expect(auditOf(again).id).toBe(audit.id);
    expect(await counts()).toEqual(before);
    // The whole workspace sees it.
    const seen = await t.request({ method: "GET", url: `/api/audits/${audit.id}`, token: team.other.accessToken });
    expect(seen.statusCode).toBe(200);
  });

  it("extreme values in a device audit answer 4xx or land, never 5xx", async () => {
    const cases: ((e: Awaited<ReturnType<typeof deviceAudit>>) => void)[] = [
      (e) => {
        e.summary.auditDate = Number.MAX_SAFE_INTEGER;
      },
      (e) => {
        e.summary.createdAt = -1;
        e.detail.auditorSignedAt = Number.MIN_SAFE_INTEGER;
      },
      (e) => {
        (e.detail.checklist[0] as { dueDate: number | null }).dueDate = Number.MAX_SAFE_INTEGER;
      },
      (e) => {
        e.photos = [{ id: "p1", type: "image/jpeg", data: "" }];
        (e.detail.checklist[0] as { photos: string[] }).photos = ["p1"];
      },
      (e) => {
        e.summary.id = "../../etc/passwd";
      },
      (e) => {
        e.detail.notes = "\ud800 lone surrogate \u0000";
      },
    ];
    for (const [n, mutate] of cases.entries()) {
      const entry = await deviceAudit(team.projectId);
      mutate(entry);
      const res = await upload(entry);
      expect(res.statusCode, `case ${n}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode < 300) {
        // What landed also prints.
        const pdf = await t.request({
          method: "GET",
          url: `/api/audits/${auditOf(res).id}/pdf`,
          token: team.member.accessToken,
        });
        expect(pdf.statusCode, `case ${n} PDF`).toBe(200);
      }
    }
    // One photo referenced from every slot of every item: more photos than an audit may have.
    const many = await deviceAudit(team.projectId, { photo: await jpegPhoto({ width: 32, height: 24 }) });
    const shared = many.photos[0]?.id as string;
    for (const item of many.detail.checklist) (item as { photos: string[] }).photos = Array(4).fill(shared);
    expectError(await upload(many), 413, "An audit can have at most 100 photos in all. Nothing was uploaded.");
    const far = await deviceAudit(team.projectId);
    far.summary.auditDate = Number.MAX_SAFE_INTEGER;
    expectError(await upload(far), 400, "The audit date is not a date SiteSnag can keep. Nothing was uploaded.");
  });

  it("two uploads of one device audit at once make one audit", async () => {
    const entry = await deviceAudit(team.projectId, { signed: true });
    const [a, b] = await Promise.all([upload(entry), upload(entry)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(auditOf(a).id).toBe(auditOf(b).id);
    const rows = await t.ctx.db.selectFrom("audits").select("id").where("client_id", "=", entry.summary.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("an unsigned device audit arrives as a draft its uploader can go on with", async () => {
    const res = await upload(await deviceAudit(team.projectId));
    expect(res.statusCode, res.body).toBe(201);
    const audit = auditOf(res);
    expect(audit).toMatchObject({ status: "draft", auditorSignature: null, siteRepSignature: null, passedItems: 10 });
    const patch = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}/items/cdm-1`,
      token: team.member.accessToken,
      payload: { status: "NC" },
    });
    expect(patch.statusCode).toBe(200);
  });

  it("stores nothing for a photo or signature that is not an image, an unknown item or a foreign project", async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    expect(filesBefore.length).toBeGreaterThan(0);
    const notPhoto = await deviceAudit(team.projectId, { photo: Buffer.from("plain text, not a photo") });
    expectError(await upload(notPhoto), 415, "'Photo 1 of height-1' is not a JPEG, PNG or WebP image.");

    const badSignature = await deviceAudit(team.projectId, { signed: true, photo: await jpegPhoto() });
    badSignature.detail.siteRepSignature = `data:image/png;base64,${(await pngImage()).subarray(0, 30).toString("base64")}`;
    expectError(
      await upload(badSignature),
      415,
      "The site representative's signature is not a PNG, JPEG or WebP image.",
    );

    const unknown = await deviceAudit(team.projectId);
    unknown.detail.checklist.push({
      ...(unknown.detail.checklist[0] as (typeof unknown.detail.checklist)[0]),
      id: "made-up",
    });
    expectError(await upload(unknown), 400, "'made-up' is not an item of this audit's template. Nothing was changed.");

    const outsider = await signUp(t);
    const theirs = await createProject(t, outsider.accessToken);
    expectError(await upload(await deviceAudit(theirs.id)), 400, "Project not found");
    expectError(await upload({ format: "sitesnag-audit-backup" }), 400);
    expect(await counts()).toEqual(before);
    // The photo processed before the bad signature was refused is not left behind either.
    expect(await storedFiles()).toEqual(filesBefore);
  });

  describe("an audit of a custom template", () => {
    const scaffold: TemplateCreateInput = {
      name: "Scaffold check",
      sections: [
        {
          title: "Scaffold",
          items: [
            { question: "Scaffold tag current?", answerSet: "yesno", weight: 2 },
            { question: "Guard rail height", answerSet: "number", unit: "mm", min: 950, max: null },
            { question: "Inspector's remarks", answerSet: "text" },
          ],
        },
      ],
    };
    const makeTemplate = async (token: string, body = scaffold) => {
      const res = await t.request({ method: "POST", url: "/api/audit-templates", token, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { template: AuditTemplateApi }).template;
    };
    /** A device audit started with `template` (its definition kept on the device, decision 0028). */
    const customEntry = async (template: AuditTemplateApi, answers: [number, Partial<ChecklistItem>][]) => {
      const entry = await deviceAudit(team.projectId, { signed: true });
      const ref = { id: template.id, name: template.name, version: template.version, sections: template.sections };
      const checklist = newChecklist(ref);
      for (const [n, answer] of answers) Object.assign(checklist[n] as ChecklistItem, answer);
      entry.detail = { ...entry.detail, template: ref, templateVersion: ref.version, checklist };
      entry.summary.templateVersion = ref.version;
      return entry;
    };

    it("imports with its template at the version it was started with, its answers and score", async () => {
      const template = await makeTemplate(team.owner.accessToken);
      const entry = await customEntry(template, [
        [0, { status: "C" }],
        // The device shows a number's status; the server works it out from the limits (950 mm).
        [1, { status: "C", value: "900" }],
        [2, { value: "Boards need replacing by Friday" }],
      ]);
      // The template moves on to version 2 before the backup is imported: the audit keeps version 1.
      const edited = await t.request({
        method: "PATCH",
        url: `/api/audit-templates/${template.id}`,
        token: team.owner.accessToken,
        payload: {
          sections: [...scaffold.sections, { title: "More", items: [{ question: "Extra?", answerSet: "yesno" }] }],
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);

      const res = await upload(entry);
      expect(res.statusCode, res.body).toBe(201);
      const audit = auditOf(res);
      const [tag, rail, remarks] = template.sections[0]?.items ?? [];
      expect(audit).toMatchObject({
        templateId: template.id,
        templateVersion: "1",
        status: "completed",
        totalItems: 3,
        passedItems: 1,
        failedItems: 1,
        // Weight 2 compliant of 3 scored (the text item is not scored).
        overallScore: 67,
        template: { id: template.id, version: "1" },
      });
      expect(audit.items.map((i) => [i.id, i.status, i.value])).toEqual([
        [tag?.id, "C", ""],
        [rail?.id, "NC", "900"],
        [remarks?.id, "", "Boards need replacing by Friday"],
      ]);
      expect((await upload(entry)).statusCode).toBe(200); // once
    });

    it("refuses, with a sentence and nothing stored, a template not in this workspace or answers outside it", async () => {
      const ours = await makeTemplate(team.owner.accessToken, { ...scaffold, name: "Ours" });
      const outsider = await signUp(t, { firstName: "Otto" });
      const theirs = await makeTemplate(outsider.accessToken, { ...scaffold, name: "Their scaffold check" });
      const before = await counts();
      const filesBefore = await storedFiles();
      expectError(
        await upload(await customEntry(theirs, [[0, { status: "C" }]])),
        400,
        'This audit was made with the template "Their scaffold check", which is not one of this workspace\'s templates. Nothing was uploaded.',
      );
      const later = await customEntry(ours, []);
      (later.detail.template as { version: string }).version = "7";
      expectError(
        await upload(later),
        400,
        'This audit was made with version 7 of the template "Ours", which this workspace does not have. Nothing was uploaded.',
      );
      const railId = ours.sections[0]?.items[1]?.id as string;
      expectError(
        await upload(await customEntry(ours, [[1, { value: "tall" }]])),
        400,
        `The answer of item '${railId}' must be a number. Nothing was changed.`,
      );
      expectError(await upload(await customEntry(ours, [[0, { status: "I" }]])), 400);
      const unknown = await customEntry(ours, []);
      unknown.detail.checklist.push({ ...(unknown.detail.checklist[0] as ChecklistItem), id: "cdm-1" });
      expectError(await upload(unknown), 400, "'cdm-1' is not an item of this audit's template. Nothing was changed.");
      expect(await counts()).toEqual(before);
      expect(await storedFiles()).toEqual(filesBefore);
    });
  });
});
