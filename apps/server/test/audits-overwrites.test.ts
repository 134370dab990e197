// No silent overwrite for audit answers (decision 0038) through HTTP on SQLite and PostgreSQL:
// different items merge silently; the same field changed online is applied and recorded as
// replaced (notice + Restore for the overwritten person); an offline change older than the other
// person's is not applied and recorded as superseded; replays are exactly-once; without a version
// the old last-write-wins stays; bad versions change nothing; rights are unchanged.
import type { AuditOverwrite } from "@sitesnag/shared/audit-overwrites";
import type { AnswerHistoryEntry, AuditApi } from "@sitesnag/shared/audits-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { type AuditTeam, auditTeam, createAudit } from "./audit-factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("audit answers: no silent overwrite (%s)", (kind) => {
  let t: TestApp;
  let team: AuditTeam;
  let audit: AuditApi;

  beforeAll(async () => {
    t = await createTestApp(kind);
    team = await auditTeam(t);
    audit = await createAudit(t, team.member.accessToken, team.projectId);
  });
  afterAll(() => t.close());

  const member = () => team.member.accessToken;
  const owner = () => team.owner.accessToken;
  const answer = (itemId: string, payload: object, token: string) =>
    t.request({ method: "PATCH", url: `/api/audits/${audit.id}/items/${itemId}`, token, payload });
  const read = async (token = member()) =>
    (
      (await t.request({ method: "GET", url: `/api/audits/${audit.id}`, token })).json() as {
        audit: AuditApi;
      }
    ).audit;
  const itemOf = async (itemId: string) => (await read()).items.find((i) => i.id === itemId);
  const overwrites = async (token: string) => {
    const res = await t.request({ method: "GET", url: `/api/audits/${audit.id}/overwrites`, token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { overwrites: AuditOverwrite[] }).overwrites;
  };
  const history = async (itemId: string) =>
    (
      (await t.request({ method: "GET", url: `/api/audits/${audit.id}/history`, token: member() })).json() as {
        entries: AnswerHistoryEntry[];
      }
    ).entries.filter((e) => e.itemId === itemId);
  const now = () => Math.floor(Date.now() / 1000);

  it("two people answering different items (and different fields of one item) merge silently", async () => {
    const a = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}`,
      token: member(),
      payload: { answers: [{ itemId: "cdm-1", status: "C", version: 0, deviceAt: now() }] },
    });
    expect(a.statusCode, a.body).toBe(200);
    expect((await answer("cdm-2", { status: "NC", version: 0 }, owner())).statusCode).toBe(200);
    // The owner opened cdm-1 before the member answered it, and changes only its notes.
    expect((await answer("cdm-1", { notes: "F10 on the board", version: 0 }, owner())).statusCode).toBe(200);
    expect(await itemOf("cdm-1")).toMatchObject({ status: "C", notes: "F10 on the board", version: 2 });
    expect(await itemOf("cdm-2")).toMatchObject({ status: "NC", version: 1 });
    expect(await overwrites(member())).toEqual([]);
    expect(await overwrites(owner())).toEqual([]);
    for (const e of [...(await history("cdm-1")), ...(await history("cdm-2"))]) {
      expect(e.overwrote).toBeNull();
      for (const c of Object.values(e.changes)) expect(c.replaced ?? c.supersededBy).toBeUndefined();
    }
  });

  it("the same item changed online: applied, recorded as replaced, the overwritten person is told and can restore", async () => {
    expect((await answer("ppe-1", { status: "C", version: 0 }, member())).statusCode).toBe(200);
    // The owner answers from the version before the member's (the page was open): theirs lands.
    const res = await answer("ppe-1", { status: "NC", version: 0, deviceAt: now() + 1 }, owner());
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemOf("ppe-1")).toMatchObject({ status: "NC", version: 2 });
    const [entry] = await history("ppe-1");
    expect(entry).toMatchObject({
      userId: team.owner.user.id,
      overwrote: team.member.user.id,
      changes: {
        status: { from: "C", to: "NC", replaced: { userId: team.member.user.id, userName: "Aud Member", value: "C" } },
      },
    });
    const [notice] = await overwrites(member());
    expect(notice).toMatchObject({
      itemId: "ppe-1",
      field: "status",
      label: "Status",
      yourText: "Compliant",
      theirText: "Non-compliant",
      byName: "Olive Owner",
      restore: { status: "C" },
      theirs: { status: "NC" },
      version: 2,
    });
    expect(await overwrites(owner())).toEqual([]);
    // A replay of the owner's change (a lost answer) writes nothing more.
    expect((await answer("ppe-1", { status: "NC", version: 0, deviceAt: now() + 1 }, owner())).statusCode).toBe(200);
    expect(await history("ppe-1")).toHaveLength(2);

    // Restore: the member's value again, as a normal change on the current version.
    const restored = await answer("ppe-1", { ...notice?.restore, version: notice?.version }, member());
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await itemOf("ppe-1")).toMatchObject({ status: "C", version: 3 });
    expect(await overwrites(member())).toEqual([]);
    expect(await overwrites(owner())).toEqual([]);
  });

  it("an offline change made before the other person's reached the server is not applied, and its author is told", async () => {
    expect((await answer("ppe-2", { status: "C", version: 0 }, member())).statusCode).toBe(200);
    const before = await read();
    const offline = { status: "NC", notes: "Gloves missing", version: 0, deviceAt: now() - 600 };
    const res = await answer("ppe-2", offline, owner());
    expect(res.statusCode, res.body).toBe(200);
    // The member's newer status stands; the owner's notes (nobody else touched them) merge in.
    expect(await itemOf("ppe-2")).toMatchObject({ status: "C", notes: "Gloves missing", version: 2 });
    expect((await read()).overallScore).toBe(before.overallScore);
    const [entry] = await history("ppe-2");
    expect(entry).toMatchObject({
      userId: team.owner.user.id,
      overwrote: null,
      deviceAt: offline.deviceAt,
      changes: {
        status: { from: "C", to: "NC", supersededBy: { userId: team.member.user.id, value: "C" } },
        notes: { from: "", to: "Gloves missing" },
      },
    });
    const notices = await overwrites(owner());
    expect(notices).toEqual([
      expect.objectContaining({
        itemId: "ppe-2",
        field: "status",
        yourText: "Non-compliant",
        theirText: "Compliant",
        byName: "Aud Member",
        restore: { status: "NC" },
        theirs: { status: "C" },
        version: 2,
      }),
    ]);
    expect(await overwrites(member())).toEqual([]);

    // The outbox sends it again (its answer was lost): recorded once, still not applied, nothing written.
    await t.ctx.db.updateTable("audits").set({ updated_at: 1000 }).where("id", "=", audit.id).execute();
    expect((await answer("ppe-2", offline, owner())).statusCode).toBe(200);
    expect(await history("ppe-2")).toHaveLength(2);
    expect((await read()).updatedAt).toBe(1000);
    expect(await itemOf("ppe-2")).toMatchObject({ status: "C", version: 2 });

    const restored = await answer("ppe-2", { ...notices[0]?.restore, version: notices[0]?.version }, owner());
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await itemOf("ppe-2")).toMatchObject({ status: "NC", version: 3 });
    expect(await overwrites(owner())).toEqual([]);
  });

  it("without a version the last write wins as before, and the history still names whose answer it replaced", async () => {
    expect((await answer("ppe-3", { status: "C" }, member())).statusCode).toBe(200);
    expect((await answer("ppe-3", { status: "NC", deviceAt: now() - 600 }, owner())).statusCode).toBe(200);
    expect(await itemOf("ppe-3")).toMatchObject({ status: "NC", version: 2 });
    const [entry] = await history("ppe-3");
    expect(entry).toMatchObject({ overwrote: team.member.user.id, changes: { status: { from: "C", to: "NC" } } });
    expect(entry?.changes.status?.replaced).toBeUndefined();
    expect(await overwrites(member())).toEqual([]);
  });

  it("a version not made yet or too far behind is a 409, a malformed one a 400, and nothing changes", async () => {
    for (let n = 0; n < 52; n += 1) {
      const r = await answer("access-1", { notes: `Check ${n}` }, member());
      expect(r.statusCode, r.body).toBe(200);
    }
    const before = await read();
    const entries = (await history("access-1")).length;
    const batch = (version: unknown) =>
      t.request({
        method: "PATCH",
        url: `/api/audits/${audit.id}`,
        token: owner(),
        payload: {
          answers: [
            { itemId: "access-2", status: "C", version: 0 },
            { itemId: "access-1", status: "NC", version },
          ],
        },
      });
    expectError(
      await batch(60),
      409,
      "This change names version 60 of item 'access-1', which does not exist yet. Reload the audit and try again. Nothing was changed.",
    );
    expectError(
      await batch(1),
      409,
      "Item 'access-1' has changed 51 times since you opened it. Reload the audit and answer it again. Nothing was changed.",
    );
    expectError(await batch(-1), 400, "Version must be a whole number");
    expectError(await batch("3"), 400, "Version must be a whole number");
    expectError(
      await answer("access-1", { status: "NC", deviceAt: "yesterday" }, owner()),
      400,
      "Device time must be a date",
    );
    expect(await read()).toEqual(before);
    expect(await history("access-1")).toHaveLength(entries);
    expect(await history("access-2")).toHaveLength(0);
  });

  it("rights are unchanged: only the auditor or an owner changes answers; every member reads their own notices only", async () => {
    const before = await read();
    expectError(
      await answer("ppe-1", { status: "I", version: 3 }, team.other.accessToken),
      403,
      "Only the auditor or a workspace owner can change this audit.",
    );
    expect(await read()).toEqual(before);
    expect(await overwrites(team.other.accessToken)).toEqual([]);
  });
});
