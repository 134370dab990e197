// GET /api/audits/count on SQLite and PostgreSQL (the dashboard's Audits Run): every audit of the
// caller's workspace, whoever made it and however it arrived (created, or uploaded from a device),
// each once; never another workspace's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit, deviceAudit } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("audit count (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
  });
  afterAll(() => t.close());

  async function count(token: string): Promise<number> {
    const res = await t.request({ method: "GET", url: "/api/audits/count", token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { count: number }).count;
  }

  it("counts every audit of the workspace for each of its members, a teammate's and a device's upload too", async () => {
    const before = await count(team.owner.accessToken);
    await createAudit(t, team.owner.accessToken, team.projectId);
    await createAudit(t, team.member.accessToken, team.projectId);
    // A device's audit sent twice (its answer lost the first time) is one audit.
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/audits",
        token: team.member.accessToken,
        payload: { projectId: team.projectId, auditDate: "2026-11-20", clientId: "device-audit-1" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 200]);
    const imported = await t.request({
      method: "POST",
      url: "/api/audits/import",
      token: team.other.accessToken,
      payload: await deviceAudit(team.projectId),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    for (const person of [team.owner, team.member, team.other])
      expect(await count(person.accessToken)).toBe(before + 4);
  });

  it("never counts another workspace's audits, in either direction", async () => {
    const outsider = await signUp(t);
    const ours = await count(team.owner.accessToken);
    const theirs = await count(outsider.accessToken);
    await createAudit(
      t,
      outsider.accessToken,
      (await createProject(t, outsider.accessToken, { name: "Elsewhere" })).id,
    );
    expect(await count(outsider.accessToken)).toBe(theirs + 1);
    expect(await count(team.owner.accessToken)).toBe(ours);
    await createAudit(t, team.member.accessToken, team.projectId);
    expect(await count(outsider.accessToken)).toBe(theirs + 1);
  });

  it("answers 401 without a session", async () => {
    expectError(await t.request({ method: "GET", url: "/api/audits/count" }), 401);
  });
});
