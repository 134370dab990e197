// Webhooks (issue 38, decision 0073) through HTTP on both databases, delivered to a real HTTP
// receiver on 127.0.0.1: signed deliveries checked with the standardwebhooks library's verifier,
// the event filter, a retry after a 500, redelivery, 410 switching the endpoint off (and mailing the
// owner), the test ping, tenancy, and two workers on one database delivering each event once.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Webhook as WebhookApi, WebhookCreated, WebhookDelivery } from "@sitesnag/shared/webhooks";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { translate } from "../src/i18n/translate";
import { newId } from "../src/ids";
import { newWebhookSecret, sealWebhookSecret } from "../src/webhooks/webhook-secret";
import { WebhookWorker } from "../src/webhooks/webhook-worker";
import { WEBHOOKS_DEMO, WEBHOOKS_OWNER_ONLY } from "../src/webhooks/webhooks.service";
import { createProject, insertReport, joinByInvitation, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp, whileNoSchemaIsDropped } from "./harness";
import { type Receiver, startReceiver } from "./webhook-receiver";

const ALLOW = { WEBHOOKS_ALLOW_HTTP: "1", WEBHOOKS_ALLOW_PRIVATE: "1" };
const project = { description: "", location: "", clientName: "", status: "active" };

async function makeWebhook(t: TestApp, token: string, url: string, events: string[]): Promise<WebhookCreated> {
  const res = await t.request({ method: "POST", url: "/api/webhooks", token, payload: { url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookCreated;
}

async function deliveriesOf(t: TestApp, token: string, id: string): Promise<WebhookDelivery[]> {
  const res = await t.request({ method: "GET", url: `/api/webhooks/${id}/deliveries`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { deliveries: WebhookDelivery[] }).deliveries;
}

/** Lets every waiting retry of the workspace's deliveries fall due now (time passing, without waiting). */
const dueNow = (t: TestApp) =>
  t.ctx.db
    .updateTable("webhook_deliveries")
    .set({ next_attempt_at: Date.now() - 1 })
    .where("state", "=", "pending")
    .execute();

describe.each(DIALECTS)("webhooks (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;
  let receiver: Receiver;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, ALLOW);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
    receiver = await startReceiver();
  });
  afterEach(async () => {
    receiver.reset();
    // Each test starts from endpoints of its own.
    await t.ctx.db.deleteFrom("webhooks").execute();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it("signs each delivery the Standard Webhooks way; the library's verifier accepts it and data is the API's object", async () => {
    const { webhook, secret } = await makeWebhook(t, owner.accessToken, receiver.url("/hooks"), ["project.updated"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({ events: ["project.updated"], disabledAt: null, failingSince: null });
    expect(webhook.createdBy).toEqual({ id: owner.user.id, name: "Olive Owner" });
    // The secret is kept encrypted, never as written.
    const row = await t.ctx.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", webhook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6, 30));
    // The list never shows it again.
    const list = await t.request({ method: "GET", url: "/api/webhooks", token: owner.accessToken });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6, 30));
    expect((list.json() as { webhooks: WebhookApi[] }).webhooks.map((w) => w.id)).toEqual([webhook.id]);

    const put = await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower B" },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Nothing is sent in the request path: the change only wrote its live event.
    expect(receiver.requests).toHaveLength(0);
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request?.path).toBe("/hooks");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = new Webhook(secret).verify(request?.body ?? "", request?.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: { id: string; name: string };
    };
    expect(body.type).toBe("project.updated");
    expect(Date.parse(body.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.data).toMatchObject({ id: projectId, name: "Tower B" });
    // A wrong secret or a changed body is refused by the same verifier.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`);
    expect(() => other.verify(request?.body ?? "", request?.headers as Record<string, string>)).toThrow();
    expect(() =>
      new Webhook(secret).verify(
        (request?.body ?? "").replace("Tower B", "Tower C"),
        request?.headers as Record<string, string>,
      ),
    ).toThrow();

    const [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(delivery).toMatchObject({ id: request?.headers["webhook-id"], type: "project.updated", state: "delivered" });
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, response: "thanks", error: null, durationMs: expect.any(Number) }),
    ]);
    // Delivered once: another run sends nothing.
    expect(await t.ctx.webhooks.deliverDue()).toBe(0);
  });

  it("sends only the events an endpoint chose, each with the report or comment as the API answers it", async () => {
    const { webhook, secret } = await makeWebhook(t, owner.accessToken, receiver.url("/reports"), [
      "report.status_changed",
      "comment.created",
    ]);
    const report = await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id });
    const id = String(report.id);
    const edit = (payload: object) =>
      t.request({ method: "PATCH", url: `/api/snagging/${id}`, token: owner.accessToken, payload });
    expect((await edit({ priority: "high" })).statusCode).toBe(200); // report.updated: not chosen
    expect((await edit({ status: "resolved" })).statusCode).toBe(200);
    const comment = await t.request({
      method: "POST",
      url: `/api/snagging/${id}/comments`,
      token: owner.accessToken,
      payload: { body: "Tiler booked" },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    await t.ctx.webhooks.deliverDue();

    const bodies = receiver.requests.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: unknown },
    );
    expect(bodies.map((b) => b.type).sort()).toEqual(["comment.created", "report.status_changed"]);
    const status = bodies.find((b) => b.type === "report.status_changed")?.data as { id: string; status: string };
    expect(status).toMatchObject({ id, status: "resolved" });
    const created = bodies.find((b) => b.type === "comment.created")?.data as { id: string; body: string };
    expect(created).toMatchObject({
      id: (comment.json() as { comment: { id: string } }).comment.id,
      body: "Tiler booked",
    });
    expect(await deliveriesOf(t, owner.accessToken, webhook.id)).toHaveLength(2);
  });

  it("retries after a 500 with back-off, logging every attempt with its status and the first kilobyte", async () => {
    const { webhook, secret } = await makeWebhook(t, owner.accessToken, receiver.url("/flaky"), ["project.updated"]);
    receiver.answer(500, "x".repeat(3000));
    await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower C" },
    });
    const before = Date.now();
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);
    let [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(delivery?.state).toBe("pending");
    expect(delivery?.attempts).toEqual([expect.objectContaining({ statusCode: 500, error: "HTTP 500" })]);
    expect(delivery?.attempts[0]?.response).toBe("x".repeat(1024));
    // The first retry waits 30 s ± 20 %.
    const wait = (delivery?.nextAttemptAt ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(24_000 - 1_000);
    expect(wait).toBeLessThanOrEqual(36_000 + 5_000);
    const failing = (await t.request({ method: "GET", url: "/api/webhooks", token: owner.accessToken })).json() as {
      webhooks: WebhookApi[];
    };
    expect(failing.webhooks[0]?.failingSince).not.toBeNull();
    // Not due yet: nothing is sent.
    expect(await t.ctx.webhooks.deliverDue()).toBe(0);

    await dueNow(t);
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);
    [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(delivery?.state).toBe("delivered");
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    // Both attempts carried the same webhook-id and a valid signature.
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([delivery?.id, delivery?.id]);
    for (const r of receiver.requests) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    const healed = (await t.request({ method: "GET", url: "/api/webhooks", token: owner.accessToken })).json() as {
      webhooks: WebhookApi[];
    };
    expect(healed.webhooks[0]?.failingSince).toBeNull();
  });

  it("redelivers a delivery with the same id and body", async () => {
    const { webhook } = await makeWebhook(t, owner.accessToken, receiver.url("/again"), ["project.updated"]);
    await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower D" },
    });
    await t.ctx.webhooks.deliverDue();
    const [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    const res = await t.request({
      method: "POST",
      url: `/api/webhooks/${webhook.id}/deliveries/${delivery?.id}/redeliver`,
      token: owner.accessToken,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as { delivery: WebhookDelivery }).delivery).toMatchObject({
      id: delivery?.id,
      state: "pending",
    });
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]?.headers["webhook-id"]).toBe(delivery?.id);
    expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
    const [after] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(after).toMatchObject({ state: "delivered" });
    expect(after?.attempts).toHaveLength(2);
    // Another workspace's delivery id, or a made-up one: not found.
    const unknown = await t.request({
      method: "POST",
      url: `/api/webhooks/${webhook.id}/deliveries/0190b5a2-0000-7000-8000-000000000000/redeliver`,
      token: owner.accessToken,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "Delivery not found" });
  });

  it("switches an endpoint off at once when it answers 410 Gone, and mails the owner", async () => {
    const { webhook } = await makeWebhook(t, owner.accessToken, receiver.url("/gone"), ["project.updated"]);
    receiver.answer(410, "gone");
    await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower E" },
    });
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);
    const list = (await t.request({ method: "GET", url: "/api/webhooks", token: owner.accessToken })).json() as {
      webhooks: WebhookApi[];
    };
    expect(list.webhooks[0]).toMatchObject({ id: webhook.id, disabledReason: "gone" });
    expect(list.webhooks[0]?.disabledAt).not.toBeNull();
    const [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(delivery).toMatchObject({ state: "failed", nextAttemptAt: null });
    const mail = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("to_address", "=", owner.user.email)
      .where("subject", "like", "%webhook was switched off%")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain("410 Gone");
    // A switched-off endpoint gets no new deliveries.
    await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower F" },
    });
    expect(await t.ctx.webhooks.deliverDue()).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    // Switched on again by its owner, it hears of the next change.
    const on = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${webhook.id}`,
      token: owner.accessToken,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ disabledAt: null, disabledReason: null });
  });

  it("switches off an endpoint that has failed every attempt for three days; gives up a delivery after three days", async () => {
    const { webhook } = await makeWebhook(t, owner.accessToken, receiver.url("/down"), ["project.updated"]);
    receiver.answer(503, "down");
    await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: owner.accessToken,
      payload: { ...project, name: "Tower G" },
    });
    await t.ctx.webhooks.deliverDue();
    // Three days pass, failing all along.
    const fourDaysAgo = Date.now() - 4 * 24 * 3600_000;
    await t.ctx.db
      .updateTable("webhooks")
      .set({ failing_since: Math.floor(fourDaysAgo / 1000), consecutive_failures: 30 })
      .where("id", "=", webhook.id)
      .execute();
    await t.ctx.db.updateTable("webhook_deliveries").set({ queued_at: fourDaysAgo }).execute();
    await dueNow(t);
    receiver.answer(503, "still down");
    expect(await t.ctx.webhooks.deliverDue()).toBe(1);
    const [delivery] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(delivery?.state).toBe("failed");
    const list = (await t.request({ method: "GET", url: "/api/webhooks", token: owner.accessToken })).json() as {
      webhooks: WebhookApi[];
    };
    expect(list.webhooks[0]).toMatchObject({ disabledReason: "failing" });
  });

  it("sends a test ping on request, which the deliveries list shows", async () => {
    const { webhook, secret } = await makeWebhook(t, owner.accessToken, receiver.url("/ping"), ["report.created"]);
    const res = await t.request({ method: "POST", url: `/api/webhooks/${webhook.id}/test`, token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(202);
    const queued = (res.json() as { delivery: WebhookDelivery }).delivery;
    expect(queued).toMatchObject({ type: "webhook.test", state: "pending", attempts: [] });
    await t.ctx.webhooks.deliverDue();
    const [request] = receiver.requests;
    const body = new Webhook(secret).verify(request?.body ?? "", request?.headers as Record<string, string>);
    expect(body).toMatchObject({ type: "webhook.test", data: { webhookId: webhook.id } });
    const [shown] = await deliveriesOf(t, owner.accessToken, webhook.id);
    expect(shown).toMatchObject({ id: queued.id, state: "delivered" });
  });

  it("changes the URL and events by PATCH, and forgets an endpoint on DELETE", async () => {
    const { webhook } = await makeWebhook(t, owner.accessToken, receiver.url("/a"), ["report.created"]);
    const patched = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${webhook.id}`,
      token: owner.accessToken,
      payload: { url: receiver.url("/b"), events: ["project.updated", "report.created"] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Events come back in the contract's order.
    expect(patched.json()).toMatchObject({ url: receiver.url("/b"), events: ["report.created", "project.updated"] });
    const empty = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${webhook.id}`,
      token: owner.accessToken,
      payload: { events: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: "Choose at least one event" });
    const unknown = await t.request({
      method: "POST",
      url: "/api/webhooks",
      token: owner.accessToken,
      payload: { url: receiver.url("/c"), events: ["report.exploded"] },
    });
    expect(unknown.statusCode).toBe(400);
    const gone = await t.request({ method: "DELETE", url: `/api/webhooks/${webhook.id}`, token: owner.accessToken });
    expect(gone.statusCode).toBe(204);
    expect(
      (await t.request({ method: "DELETE", url: `/api/webhooks/${webhook.id}`, token: owner.accessToken })).statusCode,
    ).toBe(404);
    const log = await t.ctx.db
      .selectFrom("security_log")
      .select("type")
      .where("workspace_id", "=", owner.user.workspaceId)
      .where("type", "in", ["webhook-created", "webhook-deleted"])
      .execute();
    expect(log.map((l) => l.type)).toContain("webhook-deleted");
  });

  it("keeps each workspace's webhooks its own: members are refused, another workspace's ids are not found", async () => {
    const { webhook } = await makeWebhook(t, owner.accessToken, receiver.url("/mine"), ["project.updated"]);
    const stranger = await signUp(t, { firstName: "Ned", lastName: "Neighbour" });
    const member = await joinByInvitation(t, owner, { firstName: "Mia", lastName: "Member" });
    for (const request of [
      { method: "GET" as const, url: `/api/webhooks/${webhook.id}/deliveries` },
      { method: "PATCH" as const, url: `/api/webhooks/${webhook.id}`, payload: { enabled: false } },
      { method: "DELETE" as const, url: `/api/webhooks/${webhook.id}` },
      { method: "POST" as const, url: `/api/webhooks/${webhook.id}/test` },
      { method: "POST" as const, url: `/api/webhooks/not-an-id/test` },
    ]) {
      const res = await t.request({ ...request, token: stranger.accessToken });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(res.json()).toMatchObject({ message: "Webhook not found" });
    }
    const theirs = await t.request({ method: "GET", url: "/api/webhooks", token: stranger.accessToken });
    expect((theirs.json() as { webhooks: unknown[] }).webhooks).toEqual([]);
    const demo = (await t.request({ method: "POST", url: "/api/auth/demo-login" })).json() as AuthResponse;
    const sandbox = await t.request({
      method: "POST",
      url: "/api/webhooks",
      token: demo.accessToken,
      payload: { url: receiver.url("/demo"), events: ["report.created"] },
    });
    expect(sandbox.statusCode).toBe(403);
    expect(sandbox.json()).toMatchObject({ message: WEBHOOKS_DEMO });
    const refused = await t.request({ method: "GET", url: "/api/webhooks", token: member.accessToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: WEBHOOKS_OWNER_ONLY });
    // A change in the stranger's workspace reaches nobody here.
    const strangerProject = await createProject(t, stranger.accessToken, { name: "Elsewhere" });
    await t.request({
      method: "PUT",
      url: `/api/projects/${strangerProject.id}`,
      token: stranger.accessToken,
      payload: { ...project, name: "Elsewhere 2" },
    });
    expect(await t.ctx.webhooks.deliverDue()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
  });

  it("delivers each event once when two workers share the database, and one started after the change finds it", async () => {
    const { webhook, secret } = await makeWebhook(t, owner.accessToken, receiver.url("/twice"), ["project.updated"]);
    for (let i = 0; i < 30; i++) {
      const res = await t.request({
        method: "PUT",
        url: `/api/projects/${projectId}`,
        token: owner.accessToken,
        payload: { ...project, name: `Tower ${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // A second instance: its own pool on the same database (schema), its own worker, started after
    // the changes (as one that came up after another was killed).
    const other = await whileNoSchemaIsDropped(kind, () =>
      openDatabase({
        databaseUrl: kind === "postgres" ? process.env.TEST_DATABASE_URL : undefined,
        dataDir: t.dataDir,
        ...(t.schema ? { schema: t.schema } : {}),
      }),
    );
    const second = new WebhookWorker({
      db: other.db,
      dbKind: other.kind,
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: "silent", ...ALLOW }),
      secrets: t.ctx.secrets,
      mail: t.ctx.mail,
      log: t.ctx.log,
    });
    try {
      // PostgreSQL: both at once (SKIP LOCKED shares the rows out). SQLite is one instance's
      // database (one writer): the second runs after the first, as a restarted process would.
      const [a, b] =
        kind === "postgres"
          ? await Promise.all([t.ctx.webhooks.deliverDue(), second.deliverDue()])
          : [await second.deliverDue(), await t.ctx.webhooks.deliverDue()];
      expect(a + b).toBe(30);
      expect(receiver.requests).toHaveLength(30);
      const ids = receiver.requests.map((r) => r.headers["webhook-id"]);
      expect(new Set(ids).size).toBe(30);
      const names = receiver.requests.map(
        (r) =>
          (new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { data: { name: string } }).data
            .name,
      );
      expect(names).toHaveLength(30);
      const rows = await t.ctx.db
        .selectFrom("webhook_deliveries")
        .select(["state", "attempts"])
        .where("webhook_id", "=", webhook.id)
        .execute();
      expect(rows).toHaveLength(30);
      expect(rows.every((r) => r.state === "delivered" && Number(r.attempts) === 1)).toBe(true);
    } finally {
      await second.stop();
      await other.db.destroy();
    }
  });
});

describe.each(DIALECTS)("webhooks: where they may go (%s)", (kind) => {
  let strict: TestApp;
  let httpOnly: TestApp;
  let owner: AuthResponse;
  let httpOwner: AuthResponse;
  let receiver: Receiver;

  beforeAll(async () => {
    strict = await createTestApp(kind);
    httpOnly = await createTestApp(kind, { WEBHOOKS_ALLOW_HTTP: "1" });
    owner = await signUp(strict);
    httpOwner = await signUp(httpOnly);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await Promise.all([strict.close(), httpOnly.close()]);
  });

  const refused = async (t: TestApp, token: string, url: string) => {
    const res = await t.request({
      method: "POST",
      url: "/api/webhooks",
      token,
      payload: { url, events: ["report.created"] },
    });
    expect(res.statusCode, url).toBe(400);
    const answer = res.json() as { message: string; details: { url: string[] } };
    expect(answer.details.url).toEqual([answer.message]);
    return answer.message;
  };

  it("refuses http:// unless WEBHOOKS_ALLOW_HTTP=1, and addresses inside unless WEBHOOKS_ALLOW_PRIVATE=1", async () => {
    expect(await refused(strict, owner.accessToken, "http://example.com/hooks")).toBe(
      "The webhook URL must start with https://",
    );
    const inside =
      "The webhook URL points to a private, loopback, link-local or metadata address: webhooks can only go to the public internet";
    for (const url of [
      "https://10.1.2.3/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://127.0.0.1/",
      "https://192.168.1.10:8443/x",
      "https://[::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[fd00:ec2::254]/",
      "https://0.0.0.0/",
    ])
      expect(await refused(strict, owner.accessToken, url)).toBe(inside);
    // A host name is resolved: localhost is loopback.
    expect(await refused(strict, owner.accessToken, "https://localhost/hooks")).toBe(inside);
    expect(await refused(httpOnly, httpOwner.accessToken, receiver.url("/x"))).toBe(inside);
    expect(await refused(httpOnly, httpOwner.accessToken, "http://10.0.0.8/hooks")).toBe(inside);
    expect(await refused(strict, owner.accessToken, "https://user:pw@example.com/")).toBe(
      "The webhook URL must not contain a user name or password",
    );
    expect(await refused(strict, owner.accessToken, "ftp://example.com/")).toBe(
      "The webhook URL must be a full web address such as https://example.com/hooks",
    );
    expect(await refused(strict, owner.accessToken, "https://no-such-host.invalid/")).toBe(
      "The webhook URL's host name could not be found",
    );
  });

  it("checks the address again when connecting: a name that now resolves inside is refused, nothing is sent", async () => {
    // As if the name pointed outside when saved and now points at loopback (DNS rebinding): the
    // row is written directly, as the check at saving time would have let it through.
    const created = await insertWebhookRow(httpOnly, httpOwner, `http://localhost:${receiver.port}/rebound`);
    const res = await httpOnly.request({
      method: "POST",
      url: `/api/webhooks/${created}/test`,
      token: httpOwner.accessToken,
    });
    expect(res.statusCode, res.body).toBe(202);
    await httpOnly.ctx.webhooks.deliverDue();
    expect(receiver.requests).toHaveLength(0);
    const deliveries = (
      await httpOnly.request({
        method: "GET",
        url: `/api/webhooks/${created}/deliveries`,
        token: httpOwner.accessToken,
      })
    ).json() as { deliveries: WebhookDelivery[] };
    expect(deliveries.deliveries[0]?.attempts[0]).toMatchObject({ statusCode: null });
    expect(deliveries.deliveries[0]?.attempts[0]?.error).toContain(
      "The webhook URL points to a private, loopback, link-local or metadata address",
    );
    // The attempt's error in the reader's language (issue 35), as the worker's sentence is in the catalogue.
    const patch = await httpOnly.request({
      method: "PATCH",
      url: `/api/users/${httpOwner.user.id}`,
      token: httpOwner.accessToken,
      payload: { locale: "pl" },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const polish = (
      await httpOnly.request({
        method: "GET",
        url: `/api/webhooks/${created}/deliveries`,
        token: httpOwner.accessToken,
      })
    ).json() as { deliveries: WebhookDelivery[] };
    expect(polish.deliveries[0]?.attempts[0]?.error).toBe(translate("pl", "server.webhooks.private"));
    expect(polish.deliveries[0]?.attempts[0]?.error).not.toContain("webhook URL");
  });
});

/** A webhook row written straight to the database (the saving-time check skipped on purpose). */
async function insertWebhookRow(t: TestApp, owner: AuthResponse, url: string): Promise<string> {
  const id = newId();
  const now = Math.floor(Date.now() / 1000);
  await t.ctx.db
    .insertInto("webhooks")
    .values({
      id,
      workspace_id: owner.user.workspaceId,
      url,
      events: JSON.stringify(["report.created"]),
      secret_encrypted: sealWebhookSecret(t.ctx.secrets, newWebhookSecret()),
      created_by: owner.user.id,
      created_at: now,
      updated_at: now,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      consecutive_failures: 0,
    })
    .execute();
  return id;
}
