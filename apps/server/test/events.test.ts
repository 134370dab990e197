// GET /api/events (issue 39): the live stream of a workspace's changes, on both databases, over a
// real listening server read with fetch as the web app reads it.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { MAX_STREAMS_PER_SESSION } from "@sitesnag/shared/live";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_EVENTS_MS } from "../src/events/live-hub";
import { expectError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { change, type LiveClient, openLive } from "./live-client";

describe.each(DIALECTS)("live events (%s)", (kind) => {
  let t: TestApp;
  let base: string;
  let owner: AuthResponse & { password: string };
  let member: AuthResponse;
  let outsider: AuthResponse & { password: string };
  let projectId: string;
  const open: LiveClient[] = [];
  const live = async (token: string, headers: Record<string, string> = {}) => {
    const client = await openLive(base, token, headers);
    open.push(client);
    return client;
  };

  const join = async (ownerToken: string): Promise<AuthResponse> => {
    const invited = await t.request({
      method: "POST",
      url: "/api/invitations",
      token: ownerToken,
      payload: { email: "" },
    });
    const { token } = invited.json() as { token: string };
    const res = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: {
        firstName: "Mo",
        lastName: "Member",
        email: `mo.${Date.now()}.${Math.random()}@example.com`,
        password: "member-pass-1",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AuthResponse;
  };
  const login = async (who: { user: { email: string } }, password: string) =>
    (
      (
        await t.request({ method: "POST", url: "/api/auth/login", payload: { email: who.user.email, password } })
      ).json() as AuthResponse
    ).accessToken;

  beforeAll(async () => {
    t = await createTestApp(kind, { LIVE_HEARTBEAT_SECONDS: "1" });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await signUp(t, { firstName: "Olive" });
    member = await join(owner.accessToken);
    outsider = await signUp(t, { firstName: "Otto" });
    projectId = (await createProject(t, owner.accessToken)).id;
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it("opens as text/event-stream with a ready event carrying the position to resume from", async () => {
    const stream = await live(member.accessToken);
    expect(stream.status).toBe(200);
    const ready = await stream.next((m) => m.event === "ready");
    expect(Number(ready.id)).toBeGreaterThan(0);
    // Heartbeat comments keep proxies from closing a quiet stream (LIVE_HEARTBEAT_SECONDS=1 here).
    await expect.poll(() => stream.text().includes(": heartbeat"), { timeout: 5_000 }).toBe(true);
  });

  it("tells a second member of each kind of change, and never another workspace", async () => {
    const mine = await live(member.accessToken);
    const theirs = await live(outsider.accessToken);
    await mine.next((m) => m.event === "ready");
    await theirs.next((m) => m.event === "ready");

    // A report created, edited, its status changed, commented on, verified, deleted and restored.
    const report = await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id });
    const id = String(report.id);
    const edit = await t.request({
      method: "PATCH",
      url: `/api/snagging/${id}`,
      token: owner.accessToken,
      payload: { priority: "high" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const updated = await mine.next(change("report.updated", id));
    expect(JSON.parse(updated.data)).toMatchObject({
      subjectId: id,
      actor: { id: owner.user.id, name: "Olive Builder" },
      data: { fields: ["priority"] },
    });
    const status = await t.request({
      method: "PATCH",
      url: `/api/snagging/${id}`,
      token: owner.accessToken,
      payload: { status: "resolved" },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(JSON.parse((await mine.next(change("report.status", id))).data).data).toMatchObject({ status: "resolved" });
    const verified = await t.request({
      method: "POST",
      url: `/api/snagging/${id}/verification`,
      token: owner.accessToken,
      payload: { decision: "accept" },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(JSON.parse((await mine.next(change("verification.decided", id))).data).data).toMatchObject({
      accepted: true,
      status: "closed",
    });
    const comment = await t.request({
      method: "POST",
      url: `/api/snagging/${id}/comments`,
      token: owner.accessToken,
      payload: { body: "Tiler booked" },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(JSON.parse((await mine.next(change("comment.added", id))).data).data).toEqual({
      reportId: id,
      commentId: (comment.json() as { comment: { id: string } }).comment.id,
    });
    expect(
      (await t.request({ method: "DELETE", url: `/api/snagging/${id}`, token: owner.accessToken })).statusCode,
    ).toBe(204);
    await mine.next(change("report.deleted", id));
    const item = await t.ctx.db.selectFrom("trash_items").select("id").where("item_id", "=", id).executeTakeFirst();
    const restored = await t.request({
      method: "POST",
      url: `/api/trash/${item?.id}/restore`,
      token: owner.accessToken,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await mine.next(change("report.restored", id));

    // A report created through the API.
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId, title: "Door sticks", priority: "low" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = (created.json() as { report: { id: string } }).report.id;
    await mine.next(change("report.created", newId));

    // Projects and audits.
    const project = await createProject(t, owner.accessToken, { name: "Second site" });
    await mine.next(change("project.created", project.id));
    const audit = await t.request({
      method: "POST",
      url: "/api/audits",
      token: owner.accessToken,
      payload: { projectId, auditDate: "2026-11-20" },
    });
    expect(audit.statusCode, audit.body).toBe(201);
    const auditId = (audit.json() as { audit: { id: string } }).audit.id;
    await mine.next(change("audit.created", auditId));
    const answered = await t.request({
      method: "PATCH",
      url: `/api/audits/${auditId}`,
      token: owner.accessToken,
      payload: { notes: "Scaffold checked" },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await mine.next(change("audit.answered", auditId));

    // The team: someone joins.
    const newcomer = await join(owner.accessToken);
    await mine.next(change("team.changed", newcomer.user.id));

    // The other workspace heard nothing of it (its own stream is open and heartbeating).
    expect(theirs.events()).toEqual([]);
  });

  it("replays what a reconnecting stream missed after its Last-Event-ID, then goes on live", async () => {
    const first = await live(member.accessToken);
    const ready = await first.next((m) => m.event === "ready");
    first.close();
    const a = await createProject(t, owner.accessToken, { name: "Missed A" });
    const b = await createProject(t, owner.accessToken, { name: "Missed B" });
    // The outsider's change in between is not replayed to this workspace.
    await createProject(t, outsider.accessToken, { name: "Elsewhere" });
    const again = await live(member.accessToken, { "last-event-id": String(ready.id) });
    await again.next((m) => m.event === "ready");
    expect(again.events().map((e) => [e.type, e.subjectId])).toEqual([
      ["project.created", a.id],
      ["project.created", b.id],
    ]);
    const c = await createProject(t, owner.accessToken, { name: "Live C" });
    await again.next(change("project.created", c.id));
    expect(again.events().filter((e) => e.subjectId === a.id)).toHaveLength(1);
  });

  it("says reset when it cannot replay: an id pruned, or one it never sent", async () => {
    const first = await live(member.accessToken);
    const ready = await first.next((m) => m.event === "ready");
    first.close();
    await createProject(t, owner.accessToken, { name: "After" });
    const ahead = await live(member.accessToken, { "last-event-id": String(Number(ready.id) + 1_000_000) });
    await ahead.next((m) => m.event === "reset");
    // Every event older than the keeping time goes (the relay prunes every 10 minutes; driven here).
    await t.ctx.db
      .updateTable("live_events")
      .set({ created_at: Date.now() - KEEP_EVENTS_MS - 1 })
      .where("id", "<=", Number(ready.id))
      .execute();
    const { pruneEvents } = await import("../src/events/events.repository");
    // Only events the webhook dispatcher has claimed are pruned (decision 0073): it runs here.
    await t.ctx.webhooks.dispatch();
    expect(await pruneEvents(t.ctx.db, Date.now() - KEEP_EVENTS_MS)).toBeGreaterThan(0);
    const old = await live(member.accessToken, { "last-event-id": String(ready.id) });
    await old.next((m) => m.event === "reset");
    expect(old.events()).toEqual([]);
  });

  it("closes the stream of a session signed out, within a second", async () => {
    const token = await login(owner, owner.password);
    const stream = await live(token);
    await stream.next((m) => m.event === "ready");
    const signedOut = Date.now();
    expect((await t.request({ method: "POST", url: "/api/auth/logout", token })).statusCode).toBe(204);
    await stream.ended;
    expect(Date.now() - signedOut).toBeLessThan(1_000);
    expect(JSON.parse((await stream.next((m) => m.event === "closing")).data)).toEqual({ reason: "signed-out" });
    // And it cannot be opened again with that token.
    expectError(await t.request({ method: "GET", url: "/api/events", token }), 401);
  });

  it("closes a removed member's stream at once", async () => {
    const leaver = await join(owner.accessToken);
    const stream = await live(leaver.accessToken);
    await stream.next((m) => m.event === "ready");
    const removed = await t.request({
      method: "DELETE",
      url: `/api/team/members/${leaver.user.id}`,
      token: owner.accessToken,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await stream.ended;
    expect(JSON.parse((await stream.next((m) => m.event === "closing")).data)).toEqual({ reason: "removed" });
  });

  it(`allows ${MAX_STREAMS_PER_SESSION} streams per session, then answers 429 with a sentence`, async () => {
    const token = await login(outsider, outsider.password);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) streams.push(await live(token));
    for (const s of streams) expect(s.status).toBe(200);
    const refused = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain("Too many live update streams");
    // One closed frees its place.
    streams[0]?.close();
    await expect
      .poll(async () => {
        const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status === 200) await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
  });

  it("refuses no token, an expired-looking token and a malformed Last-Event-ID with a clear answer", async () => {
    expectError(await t.request({ method: "GET", url: "/api/events" }), 401);
    expectError(await t.request({ method: "GET", url: "/api/events", token: "not.a.token" }), 401);
    const bad = await t.request({
      method: "GET",
      url: "/api/events",
      token: member.accessToken,
      headers: { "last-event-id": "12; drop table" },
    });
    expectError(bad, 400);
    expect(bad.json().message).toContain("Last-Event-ID");
  });

  it("closes every stream with a closing event when the server shuts down", async () => {
    const other = await createTestApp(kind);
    const url = await other.app.listen({ port: 0, host: "127.0.0.1" });
    const who = await signUp(other);
    const stream = await openLive(url, who.accessToken);
    await stream.next((m) => m.event === "ready");
    const closing = other.close();
    await stream.ended;
    await closing;
    expect(JSON.parse((await stream.next((m) => m.event === "closing")).data)).toEqual({ reason: "restart" });
  });
});
