// PostgreSQL going away under a running app: backends terminated while idle and mid-query, and the
// database unreachable then back (a TCP proxy the test cuts). The app must keep running, answer 503
// meanwhile, report it truthfully on /api/health, and recover by itself. Only this app's own
// backends are terminated (its unique application_name); the shared cluster is never restarted.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { TcpProxy } from "./tcp-proxy";

const baseUrl = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = "The database is unavailable right now. Please try again in a moment.";

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!baseUrl)("PostgreSQL connection loss", () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let admin: pg.Client;
  let applicationName: string;
  let absorbed: Error[];

  beforeEach(async () => {
    const url = new URL(baseUrl as string);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    applicationName = `sitesnag-outage-${Math.random().toString(36).slice(2, 10)}`;
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    proxied.searchParams.set("application_name", applicationName);
    absorbed = [];
    t = await createTestApp(
      "postgres",
      {},
      { databaseUrl: proxied.toString(), onConnectionError: (error) => absorbed.push(error) },
    );
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
  });

  afterEach(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
    await admin.end();
  });

  const ourBackends = async (condition = "true"): Promise<number> => {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where application_name = $1 and ${condition}`,
      [applicationName],
    );
    return Number(rows[0]?.n);
  };
  const terminateOurBackends = async (): Promise<number> => {
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [applicationName],
    );
    return rowCount ?? 0;
  };
  const health = () => t.request({ method: "GET", url: "/api/health" });

  it("keeps serving when the database terminates its idle pooled connections", async () => {
    const account = await signUp(t);
    const projects = () => t.request({ method: "GET", url: "/api/projects", token: account.accessToken });
    expect((await projects()).statusCode).toBe(200);
    const idle = await ourBackends();
    expect(idle).toBeGreaterThan(0);

    expect(await terminateOurBackends()).toBe(idle);
    await until(async () => absorbed.length >= idle, "the pool to drop the terminated connections");

    expect(absorbed.map((e) => e.message)).toContain("terminating connection due to administrator command");
    expect((await health()).statusCode).toBe(200);
    expect((await projects()).statusCode).toBe(200);
    expect(await ourBackends()).toBeGreaterThan(0);
  });

  it("answers 503 for a query cut off mid-flight, then serves the next request", async () => {
    const account = await signUp(t);
    const projects = () => t.request({ method: "GET", url: "/api/projects", token: account.accessToken });
    // Another session holds a lock on users, so the app's next query waits on it in the database.
    const locker = new pg.Client({ connectionString: baseUrl });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query(`lock table ${t.schema}.users in access exclusive mode`);
      const pending = projects();
      await until(async () => (await ourBackends("wait_event_type = 'Lock'")) === 1, "the request to wait on the lock");

      const terminated = await terminateOurBackends();
      const res = await pending;
      expectError(res, 503, UNAVAILABLE);
      expect(res.json()).toEqual({ statusCode: 503, error: "Service Unavailable", message: UNAVAILABLE });
      expect(res.headers["retry-after"]).toBeDefined();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      await until(async () => absorbed.length >= terminated, "the pool to drop the terminated connections");
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    expect((await projects()).statusCode).toBe(200);
    expect((await health()).json()).toEqual({ status: "ok" });
  });

  it("answers 503 while the database is unreachable and recovers on its own when it returns", async () => {
    const account = await signUp(t);
    const projects = () => t.request({ method: "GET", url: "/api/projects", token: account.accessToken });
    expect((await projects()).statusCode).toBe(200);
    expect((await health()).json()).toEqual({ status: "ok" });

    await proxy.cut();
    for (let i = 0; i < 3; i += 1) {
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "unavailable" });
      expectError(await projects(), 503, UNAVAILABLE);
      expectError(
        await t.request({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: account.user.email, password: account.password },
        }),
        503,
        UNAVAILABLE,
      );
      expectError(
        await t.request({
          method: "POST",
          url: "/api/projects",
          token: account.accessToken,
          payload: { name: "Lost" },
        }),
        503,
        UNAVAILABLE,
      );
    }

    await proxy.restore();
    expect((await health()).json()).toEqual({ status: "ok" });
    expect((await projects()).json()).toEqual({ projects: [] });
    const created = await t.request({
      method: "POST",
      url: "/api/projects",
      token: account.accessToken,
      payload: { name: "After the outage" },
    });
    expect(created.statusCode).toBe(201);
    expect((await projects()).json()).toMatchObject({ projects: [{ name: "After the outage" }] });
  });
});
