// Two instances of the built server (dist/main.js) on PostgreSQL, S3 (s3rver) and Redis, behind
// HAProxy round-robin with no stickiness (the shipped deploy/haproxy.cfg.example), on free loopback
// ports. Everything is real processes: instances are killed and restarted with signals, HAProxy
// health-checks them on /api/health.
// Readiness is always polled, never slept for.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import S3rver from "s3rver";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POSTGRES = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Its own database, dropped and made afresh; CLUSTER_DATABASE lets two checkouts run at once. */
const DATABASE = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.CLUSTER_DATABASE ?? "")
  ? (process.env.CLUSTER_DATABASE as string)
  : "cluster_test";
/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const HAPROXY = process.env.HAPROXY ?? (existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy");
const BUCKET = "cluster-test";
export const APP_SECRET = "cluster-secret-cluster-secret-cluster-42";
/** Per-IP auth attempts per minute in the cluster (tests pose as distinct clients with X-Forwarded-For). */
export const AUTH_RATE_LIMIT = 6;
/** Requests per minute per API token in the cluster (issue 38): small, so the shared count shows. */
export const API_TOKEN_RATE_LIMIT = 8;

/** A port the OS reports free right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

/** Polls `check` until it is true; fails with `what` after `limitMs` (a bound, not a wait). */
export async function until(what: string, check: () => Promise<boolean> | boolean, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", (code) => resolve(code)));

export class Instance {
  child: ChildProcess | undefined;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.starts += 1;
    const log = createWriteStream(this.logFile, { flags: "a" });
    const child = spawn(process.execPath, ["dist/main.js"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? "", ...this.env, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    await until(
      `${this.name} to answer /api/health`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${this.name} exited ${child.exitCode}: ${await this.log()}`);
        return fetch(`${this.url}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        // Start-up (migrations, sharp, Redis, S3) on a busy 2-core machine.
      },
      90_000,
    );
  }

  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    const code = exited(child);
    child.kill(signal);
    const result = await code;
    this.child = undefined;
    return result;
  }

  log(): Promise<string> {
    return readFile(this.logFile, "utf8").catch(() => "");
  }
}

export type Cluster = {
  /** The balancer's address: every test talks to it unless it means one instance. */
  url: string;
  a: Instance;
  b: Instance;
  db: pg.Pool;
  /** HAProxy's view of a server: "UP", "DOWN", … */
  serverStatus: (name: string) => Promise<string>;
  /** HAProxy's log lines (one per request, httplog format) that match `pattern`. */
  balancerLog: (pattern: RegExp) => string;
  close: () => Promise<void>;
};

/** The HAProxy configuration shipped for deployments: the test runs that very file. */
const HAPROXY_CONFIG = path.resolve(serverDir, "../../deploy/haproxy.cfg.example");

/** The environment deploy/haproxy.cfg.example reads its addresses, check interval and rates from. */
const haproxyEnv = (ports: { front: number; stats: number; a: number; b: number }, rates: BalancerRates) => ({
  SITESNAG_BIND: `127.0.0.1:${ports.front}`,
  SITESNAG_SERVER_A: `127.0.0.1:${ports.a}`,
  SITESNAG_SERVER_B: `127.0.0.1:${ports.b}`,
  SITESNAG_STATS_BIND: `127.0.0.1:${ports.stats}`,
  SITESNAG_CHECK_INTERVAL: "250ms",
  SITESNAG_ADDRESS_RATE: String(rates.address),
  SITESNAG_TOKEN_RATE: String(rates.token),
});

/** Requests per 10 s per client address and per token past which HAProxy answers 429 itself. */
export type BalancerRates = { address: number; token: number };
/**
 * Every test reaches HAProxy from 127.0.0.1 and the load tests write from one account as fast as
 * the machine allows: the main balancer's rates are out of reach. The flood test starts its own
 * balancer from the same file with low ones (`startBalancer`).
 */
const UNREACHED: BalancerRates = { address: 1_000_000, token: 1_000_000 };

export type Balancer = {
  url: string;
  /** HAProxy's view of a server: "UP", "DOWN", … */
  serverStatus: (name: string) => Promise<string>;
  /** HAProxy's log lines (one per request, httplog format) that match `pattern`. */
  log: (pattern: RegExp) => string;
  stop: () => Promise<void>;
};

/** HAProxy from the shipped file in front of instances `a` and `b`, both seen up before it resolves. */
export async function startBalancer(a: Instance, b: Instance, rates: BalancerRates = UNREACHED): Promise<Balancer> {
  const [front, stats] = [await freePort(), await freePort()];
  const haproxy = spawn(HAPROXY, ["-db", "-f", HAPROXY_CONFIG], {
    env: { ...process.env, ...haproxyEnv({ front, stats, a: a.port, b: b.port }, rates) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    const done = exited(haproxy);
    haproxy.kill("SIGTERM");
    await done;
  };
  let haproxyLog = "";
  haproxy.stdout?.on("data", (d: Buffer) => (haproxyLog += d.toString()));
  haproxy.stderr?.on("data", (d: Buffer) => (haproxyLog += d.toString()));
  haproxy.on("error", (error) => (haproxyLog += `${error.message}\n`));

  const serverStatus = async (name: string): Promise<string> => {
    const csv = await fetch(`http://127.0.0.1:${stats}/stats;csv`)
      .then((r) => r.text())
      .catch(() => "");
    const row = csv.split("\n").find((line) => line.startsWith(`app,${name},`));
    const header = csv.split("\n")[0]?.replace(/^# /, "").split(",") ?? [];
    return row?.split(",")[header.indexOf("status")] ?? "UNKNOWN";
  };
  try {
    await until("HAProxy to see both servers up", async () => {
      if (haproxy.exitCode !== null || haproxyLog.includes("ENOENT")) throw new Error(`haproxy: ${haproxyLog}`);
      return (await serverStatus("a")) === "UP" && (await serverStatus("b")) === "UP";
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const log = (pattern: RegExp) =>
    haproxyLog
      .split("\n")
      .filter((line) => pattern.test(line))
      .join("\n");
  return { url: `http://127.0.0.1:${front}`, serverStatus, log, stop };
}

export async function startCluster(): Promise<Cluster> {
  // Undone in reverse order by close(), or at once when start-up fails half-way.
  const undo: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    return await start(undo, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function start(undo: (() => Promise<unknown>)[], close: () => Promise<void>): Promise<Cluster> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-cluster-"));
  undo.push(() => rm(folder, { recursive: true, force: true }));
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  undo.push(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES });
    await dropper.connect();
    await dropper.query(`drop database if exists ${DATABASE} with (force)`);
    await dropper.end();
  });
  const databaseUrl = Object.assign(new URL(POSTGRES), { pathname: `/${DATABASE}` }).toString();

  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port: s3Port } = await s3.run();
  undo.push(() => s3.close());

  const prefix = `sitesnag-cluster:${Math.random().toString(36).slice(2, 10)}:`;
  undo.push(async () => {
    const redis = new Redis(REDIS_URL);
    try {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
    } finally {
      redis.disconnect();
    }
  });
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = {
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    APP_SECRET,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    API_TOKEN_RATE_LIMIT: String(API_TOKEN_RATE_LIMIT),
    // The failover tests write from one account as fast as the machine allows; the fair share of
    // writes (tested in fair-share.test and shared-state.test) would answer 429 on a fast machine.
    WRITE_ITEMS_PER_MINUTE: "1000000",
    WRITE_MB_PER_MINUTE: "1000000",
    WORKSPACE_WRITE_ITEMS_PER_MINUTE: "1000000",
    WORKSPACE_WRITE_MB_PER_MINUTE: "1000000",
    // HAProxy plus the client's own X-Forwarded-For: the tests pose as distinct clients, as a CDN
    // in front of the balancer would report them.
    TRUST_PROXY: "2",
    SHUTDOWN_TIMEOUT_SECONDS: "20",
    // The weekly report's check as often as the mail queue ticks, not once a minute.
    WEEKLY_REPORT_CHECK_SECONDS: "5",
  };
  // Each instance its own DATA_DIR: nothing may be shared through a local disk.
  const instance = (name: string, port: number) =>
    new Instance(name, port, { ...shared, DATA_DIR: path.join(folder, name) }, path.join(folder, `${name}.log`));
  const a = instance("a", portA);
  const b = instance("b", portB);
  undo.push(() => Promise.all([a.stop("SIGTERM"), b.stop("SIGTERM")]));
  // One after the other: the first runs the migrations.
  await a.start();
  await b.start();

  const balancer = await startBalancer(a, b);
  undo.push(() => balancer.stop());

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  undo.push(() => db.end());
  return {
    url: balancer.url,
    a,
    b,
    db,
    serverStatus: balancer.serverStatus,
    balancerLog: balancer.log,
    close,
  };
}
