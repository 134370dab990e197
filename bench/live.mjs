// Live streams (issue 39, decisions 0068 and 0069) on the built server: memory per open stream and
// idle CPU with N streams open, fan-out latency from a write to the last stream under a write rate,
// and the p99 of other API requests with the streams open vs none; then a bulk change of `--bulk`
// reports (decision 0075) with the streams still open: its time, the transactions it makes (one per
// chunk of 100), and a teammate's reads p99 during it vs idle.
//
// Usage: npm run build && npm run bench:live [-- --streams 2000 --rate 50 --duration 10 --probes 200 --bulk 1000]
// One instance on SQLite by default. With BENCH_DATABASE_URL (PostgreSQL) and REDIS_URL set, two
// instances share them: writes go to the first, streams are held on the second, so the latency is
// the whole path (outbox, relay, Redis, the other instance). All streams belong to one workspace
// (one write reaches every stream: the worst case), opened over sessions of 5 streams each (the
// per-session limit). Latency is read on `--probes` streams (parsing every stream's events would
// make this process, on the same machine, the bottleneck); the other streams are drained unread.
// Figures are one run on whatever machine this is.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    streams: { type: "string", default: "2000" },
    rate: { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    probes: { type: "string", default: "200" },
    bulk: { type: "string", default: "1000" },
  },
});
const STREAMS = Math.max(1, Number(values.streams));
const RATE = Math.max(1, Number(values.rate));
const DURATION = Math.max(2, Number(values.duration));
const PROBES = Math.min(STREAMS, Math.max(1, Number(values.probes)));
const BULK = Math.min(1000, Math.max(0, Number(values.bulk)));
/** Reports per transaction of a bulk change (apps/server/src/snagging/snagging.bulk.ts). */
const BULK_CHUNK = 100;
const PER_SESSION = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (line) => process.stdout.write(`${line}\n`);
const TICKS = 100;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
};
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

const pg = process.env.BENCH_DATABASE_URL;
const twoInstances = Boolean(pg && process.env.REDIS_URL);
const env = {
  APP_SECRET: "bench-live-secret-bench-live-secret-0042",
  WRITE_ITEMS_PER_MINUTE: "1000000",
  WORKSPACE_WRITE_ITEMS_PER_MINUTE: "1000000",
  ...(twoInstances
    ? { DATABASE_URL: pg, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-live-${process.pid}:` }
    : {}),
};
const writer = await startServer(root, env);
const holder = twoInstances ? await startServer(root, env) : writer;
log(
  `bench:live: ${twoInstances ? "two instances (PostgreSQL + Redis)" : "one instance (SQLite, memory fan-out)"}, ${STREAMS} streams`,
);

try {
  const email = `live.${Date.now()}@example.com`;
  const password = "bench-live-password";
  const owner = await api(writer.url, "POST", "/api/auth/register", undefined, {
    firstName: "Bench",
    lastName: "Live",
    email,
    password,
  });
  const { project } = await api(writer.url, "POST", "/api/projects", owner.accessToken, {
    name: "Live bench",
    description: "",
    location: "",
    clientName: "",
    status: "active",
  });
  const { report } = await api(writer.url, "POST", "/api/snagging", owner.accessToken, {
    projectId: project.id,
    title: "Live bench report",
    priority: "low",
  });

  const apiP99 = async (label) => {
    const result = await autocannon({
      url: `${holder.url}/api/projects`,
      connections: 4,
      duration: 5,
      overallRate: 100,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    log(`  API GET /api/projects at 100 req/s, ${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    return result.latency.p99;
  };
  const quietP99 = await apiP99("no streams");

  // Sessions: PER_SESSION streams each.
  const sessions = [];
  const needed = Math.ceil(STREAMS / PER_SESSION);
  for (let i = 0; i < needed; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, needed - i) }, () =>
        api(writer.url, "POST", "/api/auth/login", undefined, { email, password }),
      ),
    );
    sessions.push(...batch.map((b) => b.accessToken));
  }
  const rssBefore = rssMb(holder.pid);
  const arrivals = new Map(); // event id -> [sent at (server), latest arrival]
  const streams = [];
  let opened = 0;
  const open = async (i) => {
    const token = sessions[Math.floor(i / PER_SESSION)];
    const res = await fetch(`${holder.url}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
    opened += 1;
    const reader = res.body.getReader();
    const probe = i < PROBES;
    const decoder = new TextDecoder();
    let buffer = "";
    streams.push(reader);
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
        if (!probe) continue;
        const now = Date.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (message.includes("event: change") && data) {
            const event = JSON.parse(data);
            const seen = arrivals.get(event.id) ?? { at: event.at, last: 0, count: 0 };
            seen.last = Math.max(seen.last, now);
            seen.count += 1;
            arrivals.set(event.id, seen);
          }
          end = buffer.indexOf("\n\n");
        }
      }
    })();
  };
  for (let i = 0; i < STREAMS; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => open(i + k)));
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = rssMb(holder.pid);
  log(
    `  ${opened} streams open: server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB, ${(((rssAfter - rssBefore) * 1024) / opened).toFixed(1)} KB per stream`,
  );
  const cpu0 = cpuMs(holder.pid);
  const idleMs = 10_000;
  await new Promise((r) => setTimeout(r, idleMs));
  log(
    `  idle CPU with ${opened} streams (heartbeats every 15 s): ${(((cpuMs(holder.pid) - cpu0) / idleMs) * 100).toFixed(1)} % of a core`,
  );

  const busyP99 = await apiP99(`${opened} streams open`);
  log(`  API p99 ratio streams/none: ${(busyP99 / quietP99).toFixed(2)}`);

  // Fan-out under RATE writes/s.
  const interval = 1000 / RATE;
  const until = Date.now() + DURATION * 1000;
  let writes = 0;
  const priorities = ["low", "medium", "high"];
  const pending = [];
  for (let next = Date.now(); next < until; next += interval) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    writes += 1;
    pending.push(
      api(writer.url, "PATCH", `/api/snagging/${report.id}`, owner.accessToken, {
        priority: priorities[writes % 3],
      }).catch((err) => log(`  write failed: ${err.message}`)),
    );
  }
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 3_000));
  const complete = [...arrivals.values()].filter((a) => a.count === PROBES);
  const latencies = complete.map((a) => a.last - a.at).sort((a, b) => a - b);
  log(
    `  fan-out at ${RATE} writes/s for ${DURATION} s: ${writes} writes, ${complete.length} events reached all ${PROBES} probe streams; write → last probe stream p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms`,
  );
  if (BULK > 0) await bulkFigures(writer.url, holder.url, owner.accessToken, project.id, report.id, opened);
  for (const reader of streams) void reader.cancel().catch(() => undefined);
} finally {
  await writer.stop();
  if (holder !== writer) await holder.stop();
}

/**
 * A bulk change of BULK reports sent to the writer while a teammate reads a report on the holder
 * at 50 req/s: the bulk's time, its transactions, and the reads' p99 during it vs the same reads idle.
 */
async function bulkFigures(writerUrl, holderUrl, token, projectId, reportId, streamsOpen) {
  const { token: invite } = await api(writerUrl, "POST", "/api/invitations", token, { email: "" });
  const mate = await api(writerUrl, "POST", `/api/invitations/token/${invite}/register`, undefined, {
    firstName: "Tess",
    lastName: "Reader",
    email: `live.mate.${Date.now()}@example.com`,
    password: "bench-live-password",
  });
  const ids = [];
  for (let i = 0; i < BULK; i += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, BULK - i) }, (_, k) =>
        api(writerUrl, "POST", "/api/snagging", token, {
          projectId,
          title: `Walk item ${i + k + 1}`,
          priority: "low",
        }),
      ),
    );
    ids.push(...made.map((m) => m.report.id));
  }
  // A teammate reading a report, one request at a time every 20 ms (50/s), while `running()` says so.
  const readWhile = async (running) => {
    const samples = [];
    while (running()) {
      const t0 = performance.now();
      const res = await fetch(`${holderUrl}/api/snagging/${reportId}`, {
        headers: { authorization: `Bearer ${mate.accessToken}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`read: ${res.status}`);
      if (running()) samples.push(performance.now() - t0);
      const pause = 20 - (performance.now() - t0);
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    }
    return samples.sort((x, y) => x - y);
  };
  const idleUntil = Date.now() + 5_000;
  const idle = await readWhile(() => Date.now() < idleUntil);
  let bulkRunning = true;
  const started = performance.now();
  const reading = readWhile(() => bulkRunning);
  const answer = await api(writerUrl, "POST", "/api/snagging/bulk", token, {
    ids,
    changes: { assignedTo: mate.user.id, status: "in-progress" },
  });
  const took = performance.now() - started;
  bulkRunning = false;
  const during = await reading;
  const ok = answer.results.filter((r) => r.ok).length;
  const ms = (v) => `${v.toFixed(0)} ms`;
  log(
    `  bulk change of ${ids.length} reports (assignee + status) with ${streamsOpen} streams open: ${(took / 1000).toFixed(2)} s, ${ok} changed, ${Math.ceil(ids.length / BULK_CHUNK)} chunks of ${BULK_CHUNK} reports, one transaction each (by design, decision 0075; not counted here)`,
  );
  log(
    `  a teammate's GET /api/snagging/{id}, one at a time every 20 ms: idle ${idle.length} reads p50 ${ms(pct(idle, 50))}, p99 ${ms(pct(idle, 99))}; during the bulk ${during.length} reads p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))}, slowest ${ms(during.at(-1) ?? Number.NaN)}`,
  );
}
