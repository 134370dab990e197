import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Invitation } from "@sitesnag/shared/team";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { createProject, demoLogin, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("teams and invitations (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const invite = async (token: string, email = "") => {
    const res = await t.request({ method: "POST", url: "/api/invitations", token, payload: { email } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { invitation: Invitation; token: string };
  };
  const team = async (token: string) =>
    (await t.request({ method: "GET", url: "/api/team", token })).json() as {
      workspace: { id: string; name: string };
      members: { id: string; workspaceRole: string }[];
    };

  it("the first account of a workspace is its owner", async () => {
    const owner = await signUp(t);
    expect(owner.user.workspaceRole).toBe("owner");
    expect((await team(owner.accessToken)).members).toEqual([
      expect.objectContaining({ id: owner.user.id, workspaceRole: "owner" }),
    ]);
  });

  it("a new account joins through a link: single use, listed until used", async () => {
    const owner = await signUp(t);
    const { invitation, token } = await invite(owner.accessToken);
    expect(invitation.expiresAt - invitation.createdAt).toBe(7 * 24 * 60 * 60);
    const pending = await t.request({ method: "GET", url: "/api/invitations", token: owner.accessToken });
    expect((pending.json() as { invitations: Invitation[] }).invitations.map((i) => i.id)).toEqual([invitation.id]);
    expect(pending.body).not.toContain(token);

    const preview = await t.request({ method: "GET", url: `/api/invitations/token/${token}` });
    expect(preview.json()).toMatchObject({
      invitation: { workspaceName: "Sam's workspace", invitedByName: "Sam Builder", email: null },
    });

    const payload = {
      firstName: "Nia",
      lastName: "Joiner",
      email: `nia.${Date.now()}@example.com`,
      password: "joiner-pass-1",
    };
    const res = await t.request({ method: "POST", url: `/api/invitations/token/${token}/register`, payload });
    expect(res.statusCode, res.body).toBe(201);
    const joined = res.json() as AuthResponse;
    expect(joined.user).toMatchObject({ workspaceId: owner.user.workspaceId, workspaceRole: "member" });
    expect((await team(owner.accessToken)).members.map((m) => m.id).sort()).toEqual(
      [owner.user.id, joined.user.id].sort(),
    );

    const again = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: { ...payload, email: `other.${Date.now()}@example.com` },
    });
    expectError(again, 404, "This invitation has already been used");
    const after = await t.request({ method: "GET", url: "/api/invitations", token: owner.accessToken });
    expect((after.json() as { invitations: Invitation[] }).invitations).toEqual([]);
  });

  it("an existing account confirms the move; its old workspace's data stays there", async () => {
    const owner = await signUp(t);
    const mover = await signUp(t, { firstName: "Mo" });
    const project = await createProject(t, mover.accessToken, { name: "Mo's own project" });
    const { token } = await invite(owner.accessToken, mover.user.email.toUpperCase());
    const url = `/api/invitations/token/${token}/accept`;
    expectError(await t.request({ method: "POST", url, token: mover.accessToken }), 409);
    const res = await t.request({ method: "POST", url, token: mover.accessToken, payload: { confirmMove: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { workspaceId: owner.user.workspaceId, workspaceRole: "member" } });
    // Their old project is neither shown to the new team nor deleted.
    const list = await t.request({ method: "GET", url: "/api/projects", token: owner.accessToken });
    expect(list.json()).toEqual({ projects: [] });
    const kept = await t.ctx.db.selectFrom("projects").select("name").where("id", "=", project.id).executeTakeFirst();
    expect(kept).toEqual({ name: "Mo's own project" });
  });

  it("an invitation for an address refuses any other address", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const { token } = await invite(owner.accessToken, "only.this@example.com");
    expectError(
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${token}/accept`,
        token: stranger.accessToken,
        payload: { confirmMove: true },
      }),
      403,
    );
    expectError(
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${token}/register`,
        payload: { firstName: "X", lastName: "Y", email: "someone.else@example.com", password: "joiner-pass-1" },
      }),
      403,
    );
  });

  it("revoked and expired links are refused", async () => {
    const owner = await signUp(t);
    const revoked = await invite(owner.accessToken);
    const del = await t.request({
      method: "DELETE",
      url: `/api/invitations/${revoked.invitation.id}`,
      token: owner.accessToken,
    });
    expect(del.statusCode).toBe(204);
    expectError(
      await t.request({ method: "GET", url: `/api/invitations/token/${revoked.token}` }),
      404,
      "Invitation not found",
    );
    const expired = await invite(owner.accessToken);
    await t.ctx.db.updateTable("invitations").set({ expires_at: 1 }).where("id", "=", expired.invitation.id).execute();
    expectError(
      await t.request({ method: "GET", url: `/api/invitations/token/${expired.token}` }),
      404,
      "This invitation has expired",
    );
    expectError(await t.request({ method: "GET", url: "/api/invitations/token/short" }), 404);
  });

  it("only owners invite and remove; a demo sandbox cannot invite", async () => {
    const owner = await signUp(t);
    const { token } = await invite(owner.accessToken);
    const member = (
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${token}/register`,
        payload: {
          firstName: "Mem",
          lastName: "Ber",
          email: `mem.${Date.now()}@example.com`,
          password: "joiner-pass-1",
        },
      })
    ).json() as AuthResponse;
    expectError(
      await t.request({ method: "POST", url: "/api/invitations", token: member.accessToken, payload: {} }),
      403,
    );
    expectError(await t.request({ method: "GET", url: "/api/invitations", token: member.accessToken }), 403);
    expectError(
      await t.request({ method: "DELETE", url: `/api/team/members/${owner.user.id}`, token: member.accessToken }),
      403,
    );
    const demo = await demoLogin(t);
    expectError(
      await t.request({ method: "POST", url: "/api/invitations", token: demo.accessToken, payload: {} }),
      403,
    );
  });

  it("removing a member keeps their reports, unassigned, and gives them a workspace of their own", async () => {
    const owner = await signUp(t);
    const { token } = await invite(owner.accessToken);
    const member = (
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${token}/register`,
        payload: {
          firstName: "Rae",
          lastName: "Moved",
          email: `rae.${Date.now()}@example.com`,
          password: "joiner-pass-1",
        },
      })
    ).json() as AuthResponse;
    const project = await createProject(t, owner.accessToken);
    const report = await insertReport(
      t,
      { workspaceId: owner.user.workspaceId, projectId: project.id, userId: member.user.id },
      { assigned_to: member.user.id },
    );
    expectError(
      await t.request({ method: "DELETE", url: `/api/team/members/${owner.user.id}`, token: owner.accessToken }),
      400,
    );
    const res = await t.request({
      method: "DELETE",
      url: `/api/team/members/${member.user.id}`,
      token: owner.accessToken,
    });
    expect(res.statusCode, res.body).toBe(204);
    const row = await t.ctx.db
      .selectFrom("snagging_reports")
      .selectAll()
      .where("id", "=", report.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: member.user.id, assigned_to: null });
    const theirs = await team(member.accessToken);
    expect(theirs.workspace.id).not.toBe(owner.user.workspaceId);
    expect(theirs.members).toEqual([expect.objectContaining({ id: member.user.id, workspaceRole: "owner" })]);
    const reports = await t.request({ method: "GET", url: "/api/snagging", token: member.accessToken });
    expect(reports.json()).toEqual({ reports: [] });
    expectError(
      await t.request({ method: "DELETE", url: `/api/team/members/${member.user.id}`, token: owner.accessToken }),
      404,
    );
  });
});
