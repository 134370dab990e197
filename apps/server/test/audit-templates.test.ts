// Custom audit templates (issue 25, decision 0028) on SQLite and PostgreSQL: owners create, edit
// (a new version), archive and import from CSV; members read and start audits with them; an audit
// keeps its version; answers follow each item's answer set; scores weigh items; the PDF and trends
// name the template's questions; bad input is a 400 with nothing changed.
import type { AuditTemplateApi, TemplateCreateInput } from "@sitesnag/shared/audit-templates";
import { STANDARD_TEMPLATE } from "@sitesnag/shared/audit-templates";
import type { AuditApi, AuditTrends } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit, multipartPhoto, signatureDataUrl } from "./audit-factories";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";

const body: TemplateCreateInput = {
  name: "Scaffold check",
  description: "Weekly scaffold inspection",
  sections: [
    {
      title: "Scaffold",
      items: [
        { question: "Scaffold tag current?", answerSet: "yesno", weight: 2, photoOnNc: true },
        { question: "Guard rail height", answerSet: "number", unit: "mm", min: 950, max: null },
        { question: "Inspector's remarks", answerSet: "text" },
      ],
    },
    {
      title: "Housekeeping",
      items: [{ question: "Walkways clear", guidance: "Look under the lift", answerSet: "cinna" }],
    },
  ],
};

describe.each(DIALECTS)("audit templates (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
  });
  afterAll(() => t.close());

  async function create(payload: object = body, token = team.owner.accessToken): Promise<AuditTemplateApi> {
    const res = await t.request({ method: "POST", url: "/api/audit-templates", token, payload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { template: AuditTemplateApi }).template;
  }
  const patch = (auditId: string, payload: object, token = team.member.accessToken) =>
    t.request({ method: "PATCH", url: `/api/audits/${auditId}`, token, payload });

  it("creates, lists, reads, edits into a new version and archives; an audit keeps its version", async () => {
    const template = await create();
    expect(template).toMatchObject({
      name: "Scaffold check",
      version: "1",
      builtIn: false,
      archived: false,
      itemCount: 4,
    });
    const [tag, height] = template.sections[0]?.items ?? [];
    expect(tag).toMatchObject({
      answerSet: "yesno",
      weight: 2,
      photoOnNc: true,
      riskOnNc: true,
      id: expect.any(String),
    });
    expect(height).toMatchObject({ unit: "mm", min: 950, max: null });

    // Every member sees the standard template first, then the workspace's.
    const list = await t.request({ method: "GET", url: "/api/audit-templates", token: team.member.accessToken });
    const names = (list.json() as { templates: { id: string; builtIn: boolean }[] }).templates;
    expect(names[0]).toMatchObject({ id: "standard", builtIn: true });
    expect(names.map((n) => n.id)).toContain(template.id);
    const standard = await t.request({
      method: "GET",
      url: "/api/audit-templates/standard",
      token: team.member.accessToken,
    });
    expect((standard.json() as { template: AuditTemplateApi }).template.itemCount).toBe(27);

    const v1Audit = await createAudit(t, team.member.accessToken, team.projectId, { templateId: template.id });
    expect(v1Audit).toMatchObject({ templateId: template.id, templateVersion: "1", totalItems: 4 });
    expect(v1Audit.template?.sections[0]?.items[0]?.question).toBe("Scaffold tag current?");

    // Editing the content publishes version 2; resending it unchanged publishes nothing more.
    const sections = template.sections.map((s, i) =>
      i === 0 ? { ...s, items: [...s.items, { question: "Ladders tied", answerSet: "yesno" as const }] } : s,
    );
    const edit = (payload: object, token = team.owner.accessToken) =>
      t.request({ method: "PATCH", url: `/api/audit-templates/${template.id}`, token, payload });
    const v2 = (await edit({ sections, baseVersion: 1 })).json() as { template: AuditTemplateApi };
    expect(v2.template).toMatchObject({ version: "2", itemCount: 5 });
    const again = await edit({ sections: v2.template.sections });
    expect((again.json() as { template: AuditTemplateApi }).template.version).toBe("2");
    expectError(await edit({ sections, baseVersion: 1 }), 409);
    expect(await countRows(t, "audit_template_versions")).toBeGreaterThanOrEqual(2);
    const renamed = await edit({ name: "Scaffold weekly" });
    expect((renamed.json() as { template: AuditTemplateApi }).template).toMatchObject({
      name: "Scaffold weekly",
      version: "2",
    });

    const kept = await t.request({ method: "GET", url: `/api/audits/${v1Audit.id}`, token: team.other.accessToken });
    const keptAudit = (kept.json() as { audit: AuditApi }).audit;
    expect(keptAudit.templateVersion).toBe("1");
    expect(keptAudit.items).toHaveLength(4);
    const v2Audit = await createAudit(t, team.member.accessToken, team.projectId, { templateId: template.id });
    expect(v2Audit.items).toHaveLength(5);

    // Members cannot change templates; another workspace cannot see them.
    expectError(await edit({ name: "Mine" }, team.member.accessToken), 403);
    const outsider = await signUp(t);
    const theirs = await t.request({
      method: "GET",
      url: `/api/audit-templates/${template.id}`,
      token: outsider.accessToken,
    });
    expectError(theirs, 404);
    const outsiderAudit = await t.request({
      method: "POST",
      url: "/api/audits",
      token: outsider.accessToken,
      payload: { projectId: team.projectId, auditDate: "2026-11-20", templateId: template.id },
    });
    expect(outsiderAudit.statusCode).toBeGreaterThanOrEqual(400);
    expect(outsiderAudit.statusCode).toBeLessThan(500);

    // Archived: gone from the list and from new audits; audits started with it still read.
    const archived = await t.request({
      method: "POST",
      url: `/api/audit-templates/${template.id}/archive`,
      token: team.owner.accessToken,
    });
    expect((archived.json() as { template: AuditTemplateApi }).template.archived).toBe(true);
    const afterList = await t.request({ method: "GET", url: "/api/audit-templates", token: team.owner.accessToken });
    expect(afterList.body).not.toContain(template.id);
    const archivedList = await t.request({
      method: "GET",
      url: "/api/audit-templates?archived=true",
      token: team.owner.accessToken,
    });
    expect(archivedList.body).toContain(template.id);
    const refused = await t.request({
      method: "POST",
      url: "/api/audits",
      token: team.member.accessToken,
      payload: { projectId: team.projectId, auditDate: "2026-11-20", templateId: template.id },
    });
    expectError(refused, 400, "Template must be one of your workspace's templates");
    expect(
      (await t.request({ method: "GET", url: `/api/audits/${v2Audit.id}`, token: team.member.accessToken })).statusCode,
    ).toBe(200);
    expectError(
      await t.request({
        method: "PATCH",
        url: "/api/audit-templates/standard",
        token: team.owner.accessToken,
        payload: { name: "x" },
      }),
      403,
    );
  });

  it("answers follow each item's answer set, weights score, a photo is needed on NC, the PDF and trends show them", async () => {
    const template = await create({ ...body, name: "Answer sets" });
    const ids = template.sections.flatMap((s) => s.items.map((i) => i.id));
    const [tag, height, remarks, walkways] = ids as [string, string, string, string];
    const audit = await createAudit(t, team.member.accessToken, team.projectId, { templateId: template.id });

    // Out of the answer set: nothing changes.
    for (const [answer, message] of [
      [{ itemId: tag, status: "I" }, `'I' is not an answer of item '${tag}' (Yes / No / N/A). Nothing was changed.`],
      [
        { itemId: height, status: "C" },
        `Item '${height}' is answered with a number value, not a status. Nothing was changed.`,
      ],
      [{ itemId: height, value: "tall" }, `The answer of item '${height}' must be a number. Nothing was changed.`],
      [
        { itemId: walkways, value: "fine" },
        `Item '${walkways}' is answered with a status (C / I / NC / N/A), not a value. Nothing was changed.`,
      ],
      [{ itemId: "cdm-1", status: "C" }, "'cdm-1' is not an item of this audit's template. Nothing was changed."],
    ] as const) {
      expectError(await patch(audit.id, { answers: [{ itemId: remarks, value: "ok" }, answer] }), 400, message);
    }
    expect(await countRows(t, "audit_answers")).toBe(0);

    const answered = await patch(audit.id, {
      answers: [
        {
          itemId: tag,
          status: "NC",
          riskSeverity: 4,
          riskLikelihood: 3,
          actionOwner: "Scaffolder",
          dueDate: 1_800_000_000,
        },
        { itemId: height, value: "900" },
        { itemId: remarks, value: "Blustery morning" },
        { itemId: walkways, status: "C" },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const a = (answered.json() as { audit: AuditApi }).audit;
    // Scored: tag (weight 2, NC), height (range, 900 < 950 → NC), walkways (C) → 1 / 4 = 25 %.
    expect(a.items.find((i) => i.id === height)).toMatchObject({ status: "NC", value: "900" });
    expect(a.items.find((i) => i.id === remarks)).toMatchObject({ status: "", value: "Blustery morning" });
    expect(a).toMatchObject({ overallScore: 25, passedItems: 1, failedItems: 2, totalItems: 4 });
    // The same number again writes nothing (an outbox replay).
    const historyBefore = await countRows(t, "audit_answer_history");
    await patch(audit.id, { answers: [{ itemId: height, value: "900" }] });
    expect(await countRows(t, "audit_answer_history")).toBe(historyBefore);

    const signature = await signatureDataUrl();
    const sign = { auditorSignature: signature, siteRepName: "Sam Rep", siteRepSignature: signature };
    const noPhoto = await patch(audit.id, { ...sign, status: "completed" });
    expectError(noPhoto, 400);
    expect((noPhoto.json() as { message: string }).message).toContain(tag);
    const stillDraft = await t.request({
      method: "GET",
      url: `/api/audits/${audit.id}`,
      token: team.member.accessToken,
    });
    expect((stillDraft.json() as { audit: AuditApi }).audit).toMatchObject({ status: "draft", auditorSignature: null });

    const photo = await multipartPhoto();
    const added = await t.request({
      method: "POST",
      url: `/api/audits/${audit.id}/items/${tag}/photos`,
      token: team.member.accessToken,
      payload: photo.payload,
      headers: photo.headers,
    });
    expect(added.statusCode, added.body).toBe(201);
    const done = await patch(audit.id, { ...sign, status: "completed" });
    expect(done.statusCode, done.body).toBe(200);

    const pdf = await t.request({ method: "GET", url: `/api/audits/${audit.id}/pdf`, token: team.other.accessToken });
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, " ");
    for (const expected of ["Scaffold tag current?", "No", "900 mm", "Blustery morning", "Walkways clear", "Sam Rep"]) {
      expect(text).toContain(expected);
    }

    const trends = await t.request({ method: "GET", url: "/api/audits/trends", token: team.other.accessToken });
    const tr = trends.json() as AuditTrends;
    expect(tr.frequentNonCompliant).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: tag, question: "Scaffold tag current?", sectionTitle: "Scaffold" }),
      ]),
    );
    expect(tr.openActions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: tag, question: "Scaffold tag current?", actionOwner: "Scaffolder" }),
      ]),
    );
  }, 90_000);

  it("starts from a copy of the standard template and imports a CSV, with row-numbered errors", async () => {
    const copy = await create({ name: "Our standard", sections: STANDARD_TEMPLATE.sections });
    expect(copy.itemCount).toBe(27);
    expect(copy.sections[0]?.items[0]?.id).toBe("cdm-1");

    const csv = [
      "Section,Question,Guidance,Answer set,Unit",
      'Access,"Gates locked, signed",Check both gates,Yes/No/N/A,',
      "Access,Hoarding height,,Number,m",
      "Welfare,Drying room clean,,C/I/NC/N/A,",
      "",
    ].join("\r\n");
    const imported = await t.request({
      method: "POST",
      url: "/api/audit-templates/import",
      token: team.owner.accessToken,
      payload: { name: "From CSV", csv },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const tpl = (imported.json() as { template: AuditTemplateApi }).template;
    expect(tpl.sections.map((s) => s.title)).toEqual(["Access", "Welfare"]);
    expect(tpl.sections[0]?.items[0]).toMatchObject({
      question: "Gates locked, signed",
      guidance: "Check both gates",
      answerSet: "yesno",
    });
    expect(tpl.sections[0]?.items[1]).toMatchObject({ answerSet: "number", unit: "m" });

    const before = await countRows(t, "audit_templates");
    const bad = async (file: string, detail: string) => {
      const res = await t.request({
        method: "POST",
        url: "/api/audit-templates/import",
        token: team.owner.accessToken,
        payload: { name: "Bad", csv: file },
      });
      expectError(res, 400);
      expect((res.json() as { details: { csv: string[] } }).details.csv).toContain(detail);
    };
    await bad("Section,Question\nA,B", "Row 1: the header is missing the columns guidance, answer set");
    await bad(
      "Section,Question,Guidance,Answer set\nA,Q1,,Yes/No\n,Q2,,Text\nA,Q3,,Maybe\nA,q1,,Text",
      "Row 3: the section is empty",
    );
    await bad(
      "Section,Question,Guidance,Answer set\nA,Q1,,Yes/No\nA,Q3,,Maybe",
      'Row 3: the answer set "Maybe" is not one of C/I/NC/N/A, Yes/No/N/A, Number, Text',
    );
    await bad("Section,Question,Guidance,Answer set\nA,Q1,,Yes/No\nB,q1,,Text", "Row 3: the question repeats row 2");
    // An unbalanced quote would swallow the rest of the file into one question: refused, line named
    // (row 3 starts on line 4: row 2's quoted guidance holds a line break).
    await bad(
      'Section,Question,Guidance,Answer set\nA,Q1,"two\nlines",Text\nA,"Q2,,Yes/No\nA,Q3,,Text\nA,Q4,,Text',
      "Row 3 (line 4): a quoted cell starts here and its closing quote is missing, so the rest of the file would be one question. Add the closing quote (a quote inside a quoted cell is written twice)",
    );
    const huge = ["Section,Question,Guidance,Answer set", ...Array.from({ length: 10_000 }, (_, i) => `S,Q${i},,Text`)];
    await bad(huge.join("\n"), "A template can have at most 200 questions; this file has 10000 rows");
    expect(await countRows(t, "audit_templates")).toBe(before);
  });

  it("refuses a bad template with a clear 400 and changes nothing", async () => {
    const before = await countRows(t, "audit_templates");
    const post = (payload: object) =>
      t.request({ method: "POST", url: "/api/audit-templates", token: team.owner.accessToken, payload });
    const item = (question: string) => ({ question, answerSet: "cinna" });
    expectError(await post({ name: "Empty", sections: [] }), 400, "A template needs at least one item");
    expectError(
      await post({ name: "Empty", sections: [{ title: "S", items: [] }] }),
      400,
      "A template needs at least one item",
    );
    const dup = await post({ name: "Dup", sections: [{ title: "S", items: [item("Same?"), item("same? ")] }] });
    expectError(dup, 400);
    expect((dup.json() as { message: string }).message).toContain("is asked twice");
    const many = Array.from({ length: 500 }, (_, i) => item(`Q${i}`));
    expectError(
      await post({ name: "Many", sections: [{ title: "S", items: many }] }),
      400,
      "A template can have at most 200 items; this one has 500",
    );
    expectError(
      await post({ name: "Bad set", sections: [{ title: "S", items: [{ question: "Q", answerSet: "maybe" }] }] }),
      400,
    );
    expectError(
      await post({ name: "", sections: [{ title: "S", items: [item("Q")] }] }),
      400,
      "Template name is required",
    );
    expectError(await post({ name: "W", sections: [{ title: "S", items: [{ ...item("Q"), weight: 11 }] }] }), 400);
    expectError(
      await post({
        name: "M",
        sections: [{ title: "S", items: [{ question: "Q", answerSet: "number", min: 5, max: 1 }] }],
      }),
      400,
    );
    expectError(
      await t.request({ method: "POST", url: "/api/audit-templates", token: team.member.accessToken, payload: body }),
      403,
    );
    expect(await countRows(t, "audit_templates")).toBe(before);

    // A retried create with the same client id makes one template.
    const once = { ...body, name: "Once", clientId: "tpl-once-1" };
    const first = await post(once);
    const second = await post(once);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { template: { id: string } }).template.id).toBe(
      (first.json() as { template: { id: string } }).template.id,
    );
  });
});
