// API load benchmark (autocannon). Starts the built server on a free port with a fresh SQLite data
// folder (or, with --pg, a scratch schema in TEST_DATABASE_URL) and, in the same run, a bare
// Fastify hello-world: every scenario is printed as requests per second and as a ratio to that
// baseline, so the figures mean something on a shared, noisy machine. Then p99 at a fixed
// 1,000 req/s for the hot reads, twice: autocannon's overallRate, which lets each connection send
// its share of a second back to back and then wait for the next second (1,000 requests in a burst
// at full concurrency every second, plus its coordinated-omission correction), and a paced
// open-loop client that sends one request every millisecond over up to 50 keep-alive sockets,
// timing each from when it was due.
// Usage: npm run build && npm run bench:api -- [--seconds 10] [--connections 50] [--pg]
//        [--baseline <checkout>]   also runs an older, built checkout (a `git worktree`), interleaved
import { spawn } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pg: { type: "boolean", default: false },
    root: { type: "string" },
    baseline: { type: "string" },
  },
});
const SECONDS = Math.min(Number(values.seconds), 60);
const CONNECTIONS = Math.min(Number(values.connections), 200);
const here = path.dirname(fileURLToPath(import.meta.url));
// otplib, as an authenticator app computes a code (the server's own dependency, RFC 6238 defaults).
const { generateSync } = createRequire(path.join(here, "../apps/server/package.json"))("otplib");
const targets = [
  ...(values.baseline ? [{ name: "before", root: path.resolve(values.baseline) }] : []),
  { name: values.baseline ? "after" : "app", root: path.resolve(values.root ?? path.join(here, "..")) },
];

/** A bare Fastify hello-world in its own process, like the API server. */
async function startBareFastify() {
  const port = await freePort();
  const fastifyEntry = fileURLToPath(import.meta.resolve("fastify", path.join(here, "../apps/server/")));
  const code = `import Fastify from ${JSON.stringify(fastifyEntry)};
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: ${port}, host: "127.0.0.1" });
process.send?.("ready");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (c) => reject(new Error(`bare Fastify exited ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill("SIGTERM");
      return new Promise((r) => child.once("exit", r));
    },
  };
}

/**
 * A scratch PostgreSQL database per server, dropped at the end. A database rather than a schema on
 * the search_path: the server's migrator (without a schema setting) looks for its lock table in
 * every schema of the database, and finds another run's.
 */
async function scratchPostgres() {
  const { default: pg } = await import(import.meta.resolve("pg", path.join(here, "../apps/server/")));
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const databases = [];
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  return {
    async create() {
      const name = `bench_${Math.random().toString(36).slice(2, 10)}`;
      await run(`create database ${name}`);
      databases.push(name);
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    },
    async dropAll() {
      for (const name of databases) await run(`drop database if exists ${name} with (force)`);
    },
  };
}

async function json(base, method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return res.json();
}

function cannon(url, opts = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...opts });
}

/**
 * Open loop at `rate` req/s spread evenly over time: request i is due at start + i / rate and its
 * latency counts from then, so a stalled server cannot slow the client down (no coordinated omission).
 */
async function paced(url, headers, rate = 1000, seconds = SECONDS) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let failed = 0;
  const one = (due) =>
    new Promise((resolve) => {
      const req = http.get(
        { host: target.hostname, port: target.port, path: target.pathname, headers, agent },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) failed++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on("error", () => {
        failed++;
        resolve();
      });
    });
  const total = rate * seconds;
  const pending = [];
  const start = performance.now();
  await new Promise((resolve) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      for (; sent < due; sent++) pending.push(one(start + (sent * 1000) / rate));
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) };
}

const fmt = (n, d = 0) => n.toFixed(d);
function report(target, name, result, bareRps) {
  const rps = result.requests.average;
  const bad = result.errors + result.non2xx;
  const ratio =
    bareRps === undefined
      ? "   (baseline)"
      : bareRps === 0
        ? "   (CPU-bound)"
        : `${fmt((100 * rps) / bareRps).padStart(3)} % of bare`;
  const line = `${target.padEnd(7)}${name.padEnd(33)} ${fmt(rps).padStart(7)} req/s  ${ratio}  p50 ${fmt(result.latency.p50, 1)} ms  p99 ${fmt(result.latency.p99, 1)} ms${bad ? `  errors/non-2xx ${bad}` : ""}`;
  console.log(line);
}

const pgScratch = values.pg ? await scratchPostgres() : null;
const started = [];
try {
  const bare = await startBareFastify();
  started.push(bare);
  for (const target of targets) {
    // The per-token limit stays on (its count is part of a token request's cost), set out of reach.
    const env = { API_TOKEN_RATE_LIMIT: "1000000000" };
    const server = await startServer(target.root, pgScratch ? { ...env, DATABASE_URL: await pgScratch.create() } : env);
    started.push(server);
    target.url = server.url;
    const credentials = { email: `bench.${Date.now()}@example.com`, password: "bench-mark-2026" };
    const { accessToken } = await json(server.url, "POST", "/api/auth/register", {
      firstName: "Bench",
      lastName: "Mark",
      ...credentials,
    });
    for (let i = 0; i < 3; i++) {
      await json(
        server.url,
        "POST",
        "/api/projects",
        { name: `Project ${i}`, description: "Load test", status: "active" },
        accessToken,
      );
    }
    target.auth = { authorization: `Bearer ${accessToken}` };
    // The same reads with an API token (issue 38); a checkout from before tokens has none.
    const created = await json(server.url, "POST", "/api/tokens", { name: "Bench", scopes: "read" }, accessToken).catch(
      () => undefined,
    );
    target.tokenAuth = created ? { authorization: `Bearer ${created.secret}` } : undefined;
    // Writes go to a second account, so the read scenarios keep reading 3 rows.
    const writer = await json(server.url, "POST", "/api/auth/register", {
      firstName: "Bench",
      lastName: "Writer",
      email: `bench.writer.${Date.now()}@example.com`,
      password: "bench-mark-2026",
    });
    target.writerAuth = { authorization: `Bearer ${writer.accessToken}` };
    target.credentials = credentials;
    // An account with an authenticator app (issue 40): its password step answers a step token, not
    // a session. A checkout from before two-factor has no such route: no scenario.
    const factorCredentials = { email: `bench.factor.${Date.now()}@example.com`, password: "bench-mark-2026" };
    const factor = await json(server.url, "POST", "/api/auth/register", {
      firstName: "Bench",
      lastName: "Factor",
      ...factorCredentials,
    });
    const totp = await json(server.url, "POST", "/api/auth/mfa/totp", {}, factor.accessToken).catch(() => undefined);
    if (totp) {
      const code = generateSync({ secret: totp.secret, epoch: Math.floor(Date.now() / 1000), digits: 6, period: 30 });
      await json(server.url, "POST", "/api/auth/mfa/totp/confirm", { code }, factor.accessToken);
      target.factorCredentials = factorCredentials;
    }
  }
  console.log(
    `${SECONDS}s per scenario, ${CONNECTIONS} connections, ${pgScratch ? "PostgreSQL" : "SQLite"}, LOG_LEVEL=warn; bare Fastify measured before each scenario`,
  );
  const scenarios = [
    { name: "GET /api/health", path: "/api/health", opts: () => ({}) },
    { name: "GET /api/projects (3, signed in)", path: "/api/projects", opts: (t) => ({ headers: t.auth }) },
    {
      name: "GET /api/projects (3, API token)",
      path: "/api/projects",
      opts: (t) => ({ headers: t.tokenAuth }),
      skip: (t) => !t.tokenAuth,
    },
    { name: "GET /api/snagging (signed in)", path: "/api/snagging", opts: (t) => ({ headers: t.auth }) },
    {
      name: "POST /api/projects",
      path: "/api/projects",
      opts: (t) => ({
        method: "POST",
        headers: { ...t.writerAuth, "content-type": "application/json" },
        body: JSON.stringify({ name: "Load project", description: "Written under load", status: "active" }),
      }),
    },
  ];
  for (const s of scenarios) {
    // The baseline is measured next to each scenario, so a change in the machine's load shows in both.
    const bareResult = await cannon(bare.url);
    report("bare", "GET / (bare Fastify)", bareResult);
    for (const t of targets) {
      if (s.skip?.(t)) continue;
      report(t.name, s.name, await cannon(t.url + s.path, s.opts(t)), bareResult.requests.average);
    }
  }
  // argon2id verification dominates: the CPU-bound path, not a framework comparison.
  for (const t of targets) {
    report(
      t.name,
      "POST /api/auth/login (argon2id)",
      await cannon(`${t.url}/api/auth/login`, {
        connections: 10,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(t.credentials),
      }),
      0,
    );
  }
  // The same password step for an account with a second factor: argon2id, then a step token
  // (issue 40). The code itself is checked once per sign-in, replay-proof, so not under load.
  for (const t of targets) {
    if (!t.factorCredentials) continue;
    report(
      t.name,
      "POST /api/auth/login (with a factor)",
      await cannon(`${t.url}/api/auth/login`, {
        connections: 10,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(t.factorCredentials),
      }),
      0,
    );
  }
  console.log("\np99 at a fixed 1,000 req/s (overallRate):");
  for (const s of scenarios.slice(0, 3)) {
    for (const t of targets) {
      if (s.skip?.(t)) continue;
      const r = await cannon(t.url + s.path, { ...s.opts(t), overallRate: 1000 });
      const line = `${t.name.padEnd(7)}${s.name.padEnd(33)} ${fmt(r.requests.average).padStart(7)} req/s  p50 ${fmt(r.latency.p50, 1)} ms  p99 ${fmt(r.latency.p99, 1)} ms${r.errors + r.non2xx ? `  errors/non-2xx ${r.errors + r.non2xx}` : ""}`;
      console.log(line);
    }
  }
  console.log("\np99 at 1,000 req/s paced evenly (one request per millisecond, open loop):");
  for (const s of scenarios.slice(0, 3)) {
    for (const t of targets) {
      if (s.skip?.(t)) continue;
      const r = await paced(t.url + s.path, s.opts(t).headers ?? {});
      console.log(
        `${t.name.padEnd(7)}${s.name.padEnd(33)} ${String(r.count).padStart(7)} reqs   p50 ${fmt(r.p50, 1)} ms  p99 ${fmt(r.p99, 1)} ms  max ${fmt(r.max, 1)} ms${r.failed ? `  errors/non-2xx ${r.failed}` : ""}`,
      );
    }
  }
} finally {
  for (const s of started.reverse()) await s.stop();
  await pgScratch?.dropAll();
}
