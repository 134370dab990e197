// Webhooks are never lost when the server is killed between the change and the delivery (issue 38,
// decisions 0073 and 0079): the built server (dist/main.js), a real process, on SQLite and on
// PostgreSQL. The change is made on an instance whose worker is off (WEBHOOKS_WORKER=0), so the
// process is certainly killed (SIGKILL: no shutdown hook runs) after the change committed and before
// anything was sent; the restarted process, worker on, must send that change exactly once to a real
// HTTP receiver here, signed so that the standardwebhooks library's verifier accepts it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { WebhookCreated, WebhookDelivery } from "@sitesnag/shared/webhooks";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../test/webhook-receiver";
import { APP_SECRET, freePort, Instance, until } from "./cluster";

const POSTGRES = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Its own database, beside test:cluster's (CLUSTER_DATABASE lets two checkouts run at once). */
const DATABASE = `${/^[a-z_][a-z0-9_]{0,50}$/.test(process.env.CLUSTER_DATABASE ?? "") ? process.env.CLUSTER_DATABASE : "cluster_test"}_hooks`;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sitesnag-webhooks-kill-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function call<T>(base: string, method: string, url: string, token: string | undefined, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as T, text };
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  return {
    url: Object.assign(new URL(POSTGRES), { pathname: `/${DATABASE}` }).toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES });
      await dropper.connect();
      await dropper.query(`drop database if exists ${DATABASE} with (force)`);
      await dropper.end();
    },
  };
}

describe.each(["sqlite", "postgres"] as const)("webhooks across a killed server (%s)", (kind) => {
  it("sends a change made just before SIGKILL exactly once after the restart, signed", async () => {
    const receiver = await startReceiver();
    const database = kind === "postgres" ? await freshDatabase() : undefined;
    const env = {
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      APP_SECRET,
      DATA_DIR: path.join(folder, kind),
      WEBHOOKS_ALLOW_HTTP: "1",
      WEBHOOKS_ALLOW_PRIVATE: "1",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const port = await freePort();
    const log = path.join(folder, `${kind}.log`);
    // The same data (folder or database) and port both times; only the worker setting differs.
    const first = new Instance(`${kind}-first`, port, { ...env, WEBHOOKS_WORKER: "0" }, log);
    const second = new Instance(`${kind}-second`, port, env, log);
    try {
      await first.start();
      const registered = await call<AuthResponse>(first.url, "POST", "/api/auth/register", undefined, {
        firstName: "Kit",
        lastName: "Killed",
        email: `kit.${kind}.${Date.now()}@example.com`,
        password: "correct-horse-battery",
      });
      expect(registered.status, registered.text).toBe(201);
      const token = registered.json().accessToken;
      const projectBody = { description: "", location: "", clientName: "", status: "active" };
      const created = await call<{ project: { id: string } }>(first.url, "POST", "/api/projects", token, {
        name: "Depot",
        ...projectBody,
      });
      expect(created.status, created.text).toBe(201);
      const projectId = created.json().project.id;
      const hook = await call<WebhookCreated>(first.url, "POST", "/api/webhooks", token, {
        url: receiver.url("/killed"),
        events: ["project.updated"],
      });
      expect(hook.status, hook.text).toBe(201);
      const { webhook, secret } = hook.json();

      const changed = await call(first.url, "PUT", `/api/projects/${projectId}`, token, {
        name: "Depot after the kill",
        ...projectBody,
      });
      expect(changed.status, changed.text).toBe(200);
      // Killed outright: no shutdown hook, no last flush. Nothing was sent before.
      expect(await first.stop("SIGKILL")).toBeNull();
      expect(receiver.requests).toHaveLength(0);

      await second.start();
      const deliveries = async () =>
        (
          await call<{ deliveries: WebhookDelivery[] }>(
            second.url,
            "GET",
            `/api/webhooks/${webhook.id}/deliveries`,
            token,
          )
        )
          .json()
          .deliveries.filter((d) => d.type === "project.updated");
      // Polled until the restarted worker has recorded the delivery's outcome: after that nothing
      // can send it again, so the receiver's count is final.
      await until(
        "the restarted server to deliver the change",
        async () => (await deliveries()).some((d) => d.state === "delivered"),
        60_000,
      );
      const [delivery, ...others] = await deliveries();
      expect(others).toEqual([]);
      expect(delivery?.state).toBe("delivered");
      expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([200]);

      const received = receiver.requests.filter((r) => r.path === "/killed");
      expect(received).toHaveLength(1);
      const [request] = received;
      expect(request?.headers["webhook-id"]).toBe(delivery?.id);
      const verified = new Webhook(secret).verify(request?.body ?? "", {
        "webhook-id": String(request?.headers["webhook-id"]),
        "webhook-timestamp": String(request?.headers["webhook-timestamp"]),
        "webhook-signature": String(request?.headers["webhook-signature"]),
      }) as { type: string; data: { id: string; name: string } };
      expect(verified).toMatchObject({
        type: "project.updated",
        data: { id: projectId, name: "Depot after the kill" },
      });
    } finally {
      await first.stop("SIGKILL");
      await second.stop("SIGTERM");
      await receiver.close();
      await database?.drop();
    }
  });
});
