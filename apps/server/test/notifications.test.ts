import type { AuthResponse } from "@sitesnag/shared/auth";
import type { NotificationList } from "@sitesnag/shared/notifications";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyAssigned, notifyStatusChanged } from "../src/notifications/notifications.service";
import { expectError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

describe.each(DIALECTS)("notifications (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const list = async (token: string, query = "") => {
    const res = await t.request({ method: "GET", url: `/api/notifications${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationList;
  };

  it("assignment notifies the assignee, not the actor; status changes notify author and assignee", async () => {
    const author = await signUp(t, { firstName: "Ada" });
    const assignee = await signUp(t, { firstName: "Ben" });
    const project = await createProject(t, author.accessToken);
    const report = await insertReport(
      t,
      { workspaceId: author.user.workspaceId, projectId: project.id, userId: author.user.id },
      { assigned_to: assignee.user.id, title: "SNAG-20260101-1234" },
    );
    const ref = {
      id: report.id,
      workspace_id: author.user.workspaceId,
      title: report.title,
      assigned_to: assignee.user.id,
      created_by: author.user.id,
    };
    await notifyAssigned(t.ctx.db, { ...ref, assigned_to: author.user.id }, author.user.id);
    expect((await list(author.accessToken)).total).toBe(0);
    // The notification belongs to the assignee's workspace; the test moves them there.
    await t.ctx.db
      .updateTable("users")
      .set({ workspace_id: author.user.workspaceId })
      .where("id", "=", assignee.user.id)
      .execute();
    await notifyAssigned(t.ctx.db, ref, author.user.id);
    await notifyStatusChanged(t.ctx.db, ref, "in-progress", assignee.user.id);
    await notifyStatusChanged(t.ctx.db, ref, "resolved", author.user.id);

    const forAssignee = await list(assignee.accessToken);
    expect(forAssignee.unreadCount).toBe(2);
    expect(forAssignee.notifications.map((n) => n.message)).toEqual([
      "Ada Builder changed SNAG-20260101-1234 to Resolved",
      "Ada Builder assigned you SNAG-20260101-1234",
    ]);
    expect(forAssignee.notifications[0]).toMatchObject({ reportId: report.id, read: false, kind: "status" });
    const forAuthor = await list(author.accessToken);
    expect(forAuthor.notifications.map((n) => n.message)).toEqual([
      "Ben Builder changed SNAG-20260101-1234 to In Progress",
    ]);

    const page = await list(assignee.accessToken, "?page=2&pageSize=1");
    expect(page.notifications.map((n) => n.kind)).toEqual(["assigned"]);
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });

    const first = forAssignee.notifications[0]?.id as string;
    expectError(
      await t.request({ method: "POST", url: `/api/notifications/${first}/read`, token: author.accessToken }),
      404,
    );
    expect(
      (await t.request({ method: "POST", url: `/api/notifications/${first}/read`, token: assignee.accessToken }))
        .statusCode,
    ).toBe(204);
    expect((await list(assignee.accessToken)).unreadCount).toBe(1);
    expect(
      (await t.request({ method: "POST", url: "/api/notifications/read-all", token: assignee.accessToken })).statusCode,
    ).toBe(204);
    expect((await list(assignee.accessToken)).unreadCount).toBe(0);
    expectError(
      await t.request({ method: "POST", url: "/api/notifications/nope/read", token: assignee.accessToken }),
      404,
    );
  });

  it("a deleted report takes its notifications with it", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    await t.ctx.db
      .updateTable("users")
      .set({ workspace_id: author.user.workspaceId })
      .where("id", "=", other.user.id)
      .execute();
    const project = await createProject(t, author.accessToken);
    const report = await insertReport(t, {
      workspaceId: author.user.workspaceId,
      projectId: project.id,
      userId: other.user.id,
    });
    await notifyStatusChanged(
      t.ctx.db,
      {
        id: report.id,
        workspace_id: author.user.workspaceId,
        title: report.title,
        assigned_to: null,
        created_by: other.user.id,
      },
      "closed",
      author.user.id,
    );
    expect((await list(other.accessToken)).total).toBe(1);
    await t.request({ method: "DELETE", url: `/api/projects/${project.id}`, token: author.accessToken });
    expect((await list(other.accessToken)).total).toBe(0);
  });

  it("the snagging routes notify: assignment on create and edit, status changes via PATCH", async () => {
    const owner = await signUp(t, { firstName: "Olga" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const { token: inviteToken } = invite.json() as { token: string };
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${inviteToken}/register`,
      payload: {
        firstName: "Tess",
        lastName: "Mate",
        email: `tess.${Date.now()}@example.com`,
        password: "teammate-pass-1",
      },
    });
    const mate = joined.json() as AuthResponse;
    const project = await createProject(t, owner.accessToken);
    const body = await multipart(
      { projectId: project.id, priority: "high", description: "📷 Photo 1 - Hall: Dent", assignedTo: mate.user.id },
      [{ name: "a.jpg", data: await jpegPhoto() }],
    );
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = (created.json() as { report: { id: string; title: string } }).report;
    const mine = await list(mate.accessToken);
    expect(mine.notifications.map((n) => [n.message, n.reportId])).toEqual([
      [`Olga Builder assigned you ${report.title}`, report.id],
    ]);

    const patch = (token: string, payload: object) =>
      t.request({ method: "PATCH", url: `/api/snagging/${report.id}`, token, payload });
    expect((await patch(mate.accessToken, { status: "in-progress" })).statusCode).toBe(200);
    expect((await list(owner.accessToken)).notifications.map((n) => n.message)).toEqual([
      `Tess Mate changed ${report.title} to In Progress`,
    ]);
    // The same status again is no change, and nobody hears of their own action.
    expect((await patch(mate.accessToken, { status: "in-progress" })).statusCode).toBe(200);
    expect((await list(owner.accessToken)).total).toBe(1);
    expect((await list(mate.accessToken)).total).toBe(1);
    // The edit form unassigning and reassigning notifies the new assignee only.
    expect((await patch(owner.accessToken, { assignedTo: null, priority: "low" })).statusCode).toBe(200);
    expect((await patch(owner.accessToken, { assignedTo: mate.user.id, status: "resolved" })).statusCode).toBe(200);
    expect((await list(mate.accessToken)).notifications.map((n) => n.kind)).toEqual(["status", "assigned", "assigned"]);
    expect((await list(owner.accessToken)).total).toBe(1);
  });
});
