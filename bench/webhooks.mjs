// Webhooks (issue 38, decision 0073) on the built server: N changes in one workspace with three
// endpoints — healthy, slow (answers after 2 s) and failing (500) — and what it costs: delivery
// lag (change → the healthy endpoint has it) p50/p99, another workspace's read p99 during the run
// vs idle, and the server's memory. Figures only, no assertions; one run on whatever machine this is.
//
// Usage: npm run build && npm run bench:webhooks [-- --changes 10000 --concurrency 8 --read-seconds 10]
//   --read-rate 100        the other workspace's reads per second (more reads: a p99 less decided by a few)
//   --root <checkout>      run another checkout's build (a baseline) with this bench
//   --trace <file.json>    lay every read beside what held the server's thread (bench/lib/server-trace.cjs:
//                          event-loop stalls, GC pauses, SQLite statements of 2 ms or more, the WAL's size),
//                          print what the slowest reads overlapped, and write it all to <file.json>
//   --cpu-prof-dir <dir>   the server runs with --cpu-prof (a .cpuprofile in <dir> when it stops)
// The reads are measured three times: idle, while the changes are written (and delivered), and
// after the last change while the worker still delivers the backlog (the worker's cost alone).
// One instance on SQLite by default; with BENCH_DATABASE_URL, on PostgreSQL.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    changes: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "8" },
    "wait-seconds": { type: "string", default: "600" },
    "read-seconds": { type: "string", default: "10" },
    // A control: the same changes with no endpoint at all (what the writes alone cost the reads).
    "no-endpoints": { type: "boolean", default: false },
    // More rounds of the same changes in the same server, each followed by a quiet pause: whether
    // the memory after the first is kept (a leak grows round by round; a high-water mark does not).
    rounds: { type: "string", default: "1" },
    "settle-seconds": { type: "string", default: "20" },
    "read-rate": { type: "string", default: "100" },
    root: { type: "string" },
    trace: { type: "string" },
    "cpu-prof-dir": { type: "string" },
  },
});
const CHANGES = Math.max(1, Number(values.changes));
const CONCURRENCY = Math.max(1, Number(values.concurrency));
const WAIT_MS = Number(values["wait-seconds"]) * 1000;
const READ_SECONDS = Math.max(1, Number(values["read-seconds"]));
const NO_ENDPOINTS = values["no-endpoints"];
const ROUNDS = Math.max(1, Number(values.rounds));
const SETTLE_MS = Number(values["settle-seconds"]) * 1000;
const READ_RATE = Math.max(1, Number(values["read-rate"]));
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = values.root ? path.resolve(values.root) : here;
const TRACE = values.trace ? path.resolve(values.trace) : undefined;
/** Every read, when tracing: [phase, when it was answered (epoch ms), latency ms]. */
const reads = [];
const log = (line) => process.stdout.write(`${line}\n`);
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

async function api(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** A receiver on 127.0.0.1; `answer` decides status and delay; `onBody` sees each body as it lands. */
async function receiver(answer, onBody = () => {}) {
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      count++;
      onBody(Buffer.concat(chunks).toString("utf8"), Date.now());
      const { status, delayMs } = answer();
      setTimeout(() => res.writeHead(status).end("ok"), delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    count: () => count,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const lags = [];
const healthy = await receiver(
  () => ({ status: 200, delayMs: 0 }),
  (body, at) => {
    const { timestamp } = JSON.parse(body);
    lags.push(at - Date.parse(timestamp));
  },
);
const slow = await receiver(() => ({ status: 200, delayMs: 2000 }));
const failing = await receiver(() => ({ status: 500, delayMs: 0 }));

const pg = process.env.BENCH_DATABASE_URL;
const nodeArgs = [
  ...(TRACE ? ["--require", path.join(here, "bench/lib/server-trace.cjs")] : []),
  ...(values["cpu-prof-dir"] ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(values["cpu-prof-dir"])] : []),
];
const server = await startServer(
  root,
  {
    APP_SECRET: "bench-webhooks-secret-bench-webhooks-0073",
    WEBHOOKS_ALLOW_HTTP: "1",
    WEBHOOKS_ALLOW_PRIVATE: "1",
    WRITE_ITEMS_PER_MINUTE: "1000000",
    WORKSPACE_WRITE_ITEMS_PER_MINUTE: "1000000",
    ...(pg ? { DATABASE_URL: pg } : {}),
    ...(TRACE ? { BENCH_TRACE_FILE: `${TRACE}.server`, BENCH_TRACE_SERVER_ROOT: path.join(root, "apps/server") } : {}),
  },
  nodeArgs,
);
log(
  `bench:webhooks: one instance (${pg ? "PostgreSQL" : "SQLite"}), ${CHANGES} changes, ${NO_ENDPOINTS ? "no endpoints (control)" : "3 endpoints"}, build of ${root}`,
);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.pid));
}, 200);

try {
  const register = (name) =>
    api(server.url, "POST", "/api/auth/register", undefined, {
      firstName: "Bench",
      lastName: name,
      email: `webhooks.${name}.${Date.now()}@example.com`,
      password: "bench-webhooks-password",
    });
  const owner = await register("Owner");
  const other = await register("Other");
  const projectBody = { description: "", location: "", clientName: "", status: "active" };
  const { project } = await api(server.url, "POST", "/api/projects", owner.accessToken, {
    name: "Webhook bench",
    ...projectBody,
  });
  for (let i = 0; i < 20; i++)
    await api(server.url, "POST", "/api/projects", other.accessToken, { name: `Other ${i}`, ...projectBody });
  for (const endpoint of NO_ENDPOINTS ? [] : [healthy, slow, failing])
    await api(server.url, "POST", "/api/webhooks", owner.accessToken, {
      url: endpoint.url,
      events: ["project.updated"],
    });

  const readP99 = async (label, durationS = READ_SECONDS, phase = label) => {
    let instance;
    const result = await new Promise((resolve, reject) => {
      instance = autocannon(
        {
          url: `${server.url}/api/projects`,
          connections: 4,
          duration: durationS,
          overallRate: READ_RATE,
          headers: { authorization: `Bearer ${other.accessToken}` },
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      if (TRACE) instance.on("response", (_client, _status, _bytes, ms) => reads.push([phase, Date.now(), ms]));
    });
    log(
      `  other workspace GET /api/projects at ${READ_RATE} req/s, ${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.requests.total} reads)`,
    );
    return result.latency.p99;
  };
  const idleP99 = await readP99("idle", READ_SECONDS, "idle");
  const idleRss = rssMb(server.pid);

  // The changes: PUT the project CHANGES times, CONCURRENCY at once; the reads run meanwhile.
  const started = Date.now();
  let next = 0;
  const writer = async () => {
    while (next < CHANGES) {
      const i = next++;
      await api(server.url, "PUT", `/api/projects/${project.id}`, owner.accessToken, {
        name: `Webhook bench ${i}`,
        ...projectBody,
      });
    }
  };
  const writing = Promise.all(Array.from({ length: CONCURRENCY }, writer));
  const busyP99 = await readP99("during changes and deliveries", READ_SECONDS, "during");
  await writing;
  const wroteMs = Date.now() - started;
  log(`  ${CHANGES} changes written in ${(wroteMs / 1000).toFixed(1)} s (${Math.round((CHANGES * 1000) / wroteMs)}/s)`);

  // The worker alone: the changes are written, their deliveries (healthy, slow, failing) still going out.
  const backlogBefore = healthy.count();
  const drainP99 =
    !NO_ENDPOINTS && backlogBefore < CHANGES
      ? await readP99("after the changes, deliveries still going out", READ_SECONDS, "after")
      : null;
  if (drainP99 !== null)
    log(
      `    (the healthy endpoint received ${healthy.count() - backlogBefore} meanwhile, ${CHANGES - healthy.count()} left)`,
    );
  const deadline = Date.now() + WAIT_MS;
  while (!NO_ENDPOINTS && healthy.count() < CHANGES && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 250));
  const doneMs = Date.now() - started;
  clearInterval(sampler);
  lags.sort((a, b) => a - b);
  if (!NO_ENDPOINTS) {
    log(
      `  healthy endpoint: ${healthy.count()}/${CHANGES} delivered ${((doneMs - wroteMs) / 1000).toFixed(1)} s after the last change; lag change → delivery p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${lags.at(-1)} ms`,
    );
    log(
      `  slow endpoint (2 s per answer): ${slow.count()} received meanwhile; failing endpoint (500): ${failing.count()} attempts`,
    );
  }
  log(`  read p99 ratio during/idle: ${(busyP99 / idleP99).toFixed(2)} (target ≤ 1.5)`);
  if (drainP99 !== null) log(`  read p99 ratio deliveries only/idle: ${(drainP99 / idleP99).toFixed(2)}`);
  log(
    `  server RSS: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, end ${rssMb(server.pid).toFixed(0)} MB`,
  );
  for (let round = 2; round <= ROUNDS; round++) {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const before = rssMb(server.pid);
    const target = healthy.count() + CHANGES;
    next = 0;
    const t0 = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, writer));
    const until = Date.now() + WAIT_MS;
    while (!NO_ENDPOINTS && healthy.count() < target && Date.now() < until)
      await new Promise((r) => setTimeout(r, 250));
    const busy = rssMb(server.pid);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    log(
      `  round ${round}: ${CHANGES} more changes, all delivered to the healthy endpoint in ${((Date.now() - t0 - SETTLE_MS) / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ${busy.toFixed(0)} MB when delivered, ${rssMb(server.pid).toFixed(0)} MB after ${SETTLE_MS / 1000} s quiet`,
    );
  }
} finally {
  clearInterval(sampler);
  await server.stop();
  await Promise.all([healthy.close(), slow.close(), failing.close()]);
}
if (TRACE && existsSync(`${TRACE}.server`)) explain(JSON.parse(readFileSync(`${TRACE}.server`, "utf8")));

/**
 * The slowest reads of each phase (those at or above its p99) beside what held the server's thread
 * while each was waiting: a stall of the event loop, and within it GC pauses and slow statements.
 */
function explain(server) {
  writeFileSync(TRACE, JSON.stringify({ reads, ...server }));
  const overlapping = (list, from, to) => list.filter(([t, d]) => t < to && t + d > from);
  const phases = [...new Set(reads.map(([phase]) => phase))];
  log(
    `  trace (${TRACE}): ${server.stalls.length} event-loop stalls > 8 ms, ${server.gc.length} GC pauses ≥ 2 ms, ${server.sql.length} statements ≥ 2 ms in all`,
  );
  for (const phase of phases) {
    const mine = reads.filter(([p]) => p === phase);
    const sorted = mine.map(([, , ms]) => ms).sort((a, b) => a - b);
    const p99 = pct(sorted, 99);
    const slowest = mine.filter(([, , ms]) => ms >= p99);
    const from = Math.min(...mine.map(([, at, ms]) => at - ms));
    const to = Math.max(...mine.map(([, at]) => at));
    const inWindow = (list) => overlapping(list, from, to);
    const stalls = inWindow(server.stalls);
    log(
      `  ${phase}: ${mine.length} reads, p99 ${p99.toFixed(1)} ms; in the window ${stalls.length} stalls (longest ${Math.max(0, ...stalls.map(([, d]) => d))} ms, ${stalls.filter(([, d]) => d >= 20).length} of 20 ms or more), ${inWindow(server.gc).length} GC pauses (longest ${Math.max(0, ...inWindow(server.gc).map(([, d]) => d))} ms), ${inWindow(server.sql).length} slow statements`,
    );
    let explained = 0;
    for (const [, at, ms] of slowest.slice(0, 40)) {
      const start = at - ms;
      const stall = overlapping(server.stalls, start, at);
      const gc = overlapping(server.gc, start, at);
      const sql = overlapping(server.sql, start, at);
      if (stall.length > 0) explained++;
      log(
        `    read ${ms.toFixed(1)} ms at +${((start - from) / 1000).toFixed(2)} s: stalls ${stall.map(([, d]) => `${d} ms`).join(", ") || "none"}; gc ${gc.map(([, d, k]) => `${k} ${d} ms`).join(", ") || "none"}; sql ${sql.map(([, d, s]) => `${d} ms ${s.slice(0, 60)}`).join(" | ") || "none"}`,
      );
    }
    log(`    ${explained} of the ${slowest.length} slowest reads overlapped an event-loop stall`);
  }
}
