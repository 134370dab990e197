// GET /api/audits/trends on SQLite and PostgreSQL: completed audits' scores per project in date
// order, the most frequent non-compliant items, and open actions by due date; drafts leave the
// score line alone, and another workspace's audits never show.
import type { AuditTrends } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit, signatureDataUrl } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("audit trends (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
  });
  afterAll(() => t.close());

  async function audit(
    projectId: string,
    day: string,
    answers: object[],
    complete: boolean,
    token = team.member.accessToken,
  ) {
    const created = await createAudit(t, token, projectId, { auditDate: day });
    const signature = await signatureDataUrl();
    const res = await t.request({
      method: "PATCH",
      url: `/api/audits/${created.id}`,
      token,
      payload: {
        answers,
        ...(complete
          ? { auditorSignature: signature, siteRepName: "Rep", siteRepSignature: signature, status: "completed" }
          : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return created.id;
  }
  const c = (ids: string[]) => ids.map((itemId) => ({ itemId, status: "C" }));

  it("scores over time per project, frequent non-compliances and open actions", async () => {
    const other = await createProject(t, team.owner.accessToken, { name: "Other site" });
    const march = await audit(team.projectId, "2026-03-01", c(["cdm-1", "cdm-2"]), true);
    const jan = await audit(team.projectId, "2026-01-01", [{ itemId: "height-1", status: "NC" }], true);
    await audit(team.projectId, "2026-04-01", c(["cdm-1", "cdm-2", "cdm-3"]), false);
    const due = Date.UTC(2026, 5, 1) / 1000;
    const soon = Date.UTC(2026, 4, 1) / 1000;
    const otherAudit = await audit(
      other.id,
      "2026-02-01",
      [
        {
          itemId: "height-1",
          status: "NC",
          actionOwner: "Scaffolder",
          dueDate: due,
          riskSeverity: 4,
          riskLikelihood: 5,
        },
        { itemId: "fire-1", status: "NC", actionOwner: "Fire marshal", dueDate: soon },
        { itemId: "ppe-1", status: "NC" },
      ],
      true,
    );
    const outsider = await signUp(t);
    const theirProject = await createProject(t, outsider.accessToken);
    await audit(
      theirProject.id,
      "2026-02-02",
      [{ itemId: "coshh-1", status: "NC", actionOwner: "X", dueDate: soon }],
      true,
      outsider.accessToken,
    );

    const res = await t.request({ method: "GET", url: "/api/audits/trends", token: team.other.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const trends = res.json() as AuditTrends;
    const tower = trends.scores.find((s) => s.projectId === team.projectId);
    expect(tower?.points.map((p) => [p.auditId, p.score])).toEqual([
      [jan, 0],
      [march, Math.round((2 / 27) * 100)],
    ]);
    expect(trends.scores.find((s) => s.projectId === other.id)?.projectName).toBe("Other site");
    expect(trends.frequentNonCompliant[0]).toMatchObject({
      itemId: "height-1",
      count: 2,
      sectionTitle: "Working at height",
    });
    expect(trends.frequentNonCompliant.map((f) => f.itemId)).not.toContain("coshh-1");
    expect(trends.openActions).toEqual([
      expect.objectContaining({
        auditId: otherAudit,
        itemId: "fire-1",
        actionOwner: "Fire marshal",
        dueDate: soon,
        riskScore: 0,
      }),
      expect.objectContaining({
        itemId: "height-1",
        actionOwner: "Scaffolder",
        dueDate: due,
        riskScore: 20,
        projectName: "Other site",
      }),
    ]);

    const filtered = (
      await t.request({
        method: "GET",
        url: `/api/audits/trends?projectId=${team.projectId}&from=2026-02-01`,
        token: team.member.accessToken,
      })
    ).json() as AuditTrends;
    expect(filtered.scores.map((s) => s.points.map((p) => p.auditId))).toEqual([[march]]);
    expect(filtered.openActions).toEqual([]);
    expectError(
      await t.request({ method: "GET", url: "/api/audits/trends?from=yesterday", token: team.member.accessToken }),
      400,
      "From date must be a date (YYYY-MM-DD)",
    );
  });
});
