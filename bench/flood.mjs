// The hostile case (issue 34): a demo account floods writes that are refused, and another
// workspace's reads are measured meanwhile: once straight to the server (Node refuses the flood,
// decision 0037's cheap path) and once through HAProxy with the shipped configuration
// (deploy/haproxy.cfg.example), which refuses the flood itself past its per-token rate. Printed per
// case: the other workspace's reads p50/p99 quiet and during the flood, the flood's answers
// (refused / let through) and rate, and what the refusals cost: the server's CPU time (and
// HAProxy's) during the flood, per 1,000 refusals.
//
// Usage: npm run build && npm run bench:flood [-- --duration 5 --flood-connections 20 --read-rate 20
//   --flood-rate 400]
// The flood is paced too (default 400 writes a second, 0: as fast as it goes), so both cases face
// the same flood: unpaced, HAProxy's quick refusals let this process send several times more, and
// generating that load takes the machine's cores from the server being measured.
// Needs haproxy on PATH (or /usr/sbin) for the second case; without it only the first is printed.
// The flood and the reads come from one address here (127.0.0.1): the per-address rate is lifted
// (SITESNAG_ADDRESS_RATE) so the per-token one does the refusing, as for a flooder elsewhere. The
// reads are paced (default 20 a second, under the per-token rate) and corrected for coordinated
// omission. This process generates both loads on the same machine: figures are pairs of one run.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    "flood-connections": { type: "string", default: "20" },
    "read-rate": { type: "string", default: "20" },
    "flood-rate": { type: "string", default: "400" },
  },
});
const DURATION = Math.max(2, Number(values.duration));
const FLOOD_CONNECTIONS = Math.max(1, Number(values["flood-connections"]));
const READ_RATE = Math.max(1, Number(values["read-rate"]));
const FLOOD_RATE = Math.max(0, Number(values["flood-rate"]) || 0);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HAPROXY = existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
const TICKS_PER_SECOND = 100;

const log = (line) => process.stdout.write(`${line}\n`);

/** CPU milliseconds (user + system) a process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function api(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The other workspace: an ordinary account with a project of 50 reports. */
async function victim(base) {
  const { accessToken } = await api(base, "POST", "/api/auth/register", undefined, {
    firstName: "Quiet",
    lastName: "Reader",
    email: `reader.${Date.now()}@example.com`,
    password: "flood-bench-password",
  });
  const { project } = await api(base, "POST", "/api/projects", accessToken, {
    name: "Quiet site",
    description: "",
    location: "",
    clientName: "",
    status: "active",
  });
  for (let i = 0; i < 50; i += 1) {
    await api(base, "POST", "/api/snagging", accessToken, {
      projectId: project.id,
      priority: "medium",
      description: `📷 Photo 1 - Core ${i}: crack`,
    });
  }
  return { token: accessToken, url: `/api/snagging?projectId=${project.id}` };
}

/** The flooder: a demo sandbox (60 writes a minute) and one of its seeded projects. */
async function flooder(base) {
  const { accessToken } = await api(base, "POST", "/api/auth/demo-login");
  const { projects } = await api(base, "GET", "/api/projects", accessToken);
  return { token: accessToken, projectId: projects[0].id };
}

function reads(base, who) {
  return autocannon({
    url: `${base}${who.url}`,
    connections: 2,
    duration: DURATION,
    overallRate: READ_RATE,
    headers: { authorization: `Bearer ${who.token}` },
  });
}

function floodOptions(base, who) {
  return {
    url: `${base}/api/snagging`,
    method: "POST",
    connections: FLOOD_CONNECTIONS,
    duration: DURATION,
    ...(FLOOD_RATE > 0 ? { overallRate: FLOOD_RATE } : {}),
    headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
    body: JSON.stringify({ projectId: who.projectId, priority: "high", description: "📷 Photo 1 - Core: flood" }),
  };
}

/**
 * The flood runs in a process of its own: in this one, its connections' work (HAProxy closes a
 * refused connection, so the flood reconnects all the time) would delay the reads being measured.
 */
function flood(base, who) {
  const script = `import autocannon from "autocannon";
const result = await autocannon(JSON.parse(process.env.FLOOD_OPTIONS));
process.stdout.write(JSON.stringify({ total: result.requests.total, ok: result["2xx"], statuses: result.statusCodeStats }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: path.join(root, "bench"),
      env: { ...process.env, FLOOD_OPTIONS: JSON.stringify(floodOptions(base, who)) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited ${code}`))));
  });
}

const ms = (v) => `${v.toFixed(1)} ms`;

async function measure(label, base, pids) {
  const reader = await victim(base);
  const attacker = await flooder(base);
  const quietStart = pids.map(cpuMs);
  const quiet = await reads(base, reader);
  const quietUsed = pids.map((pid, i) => cpuMs(pid) - quietStart[i]);
  const before = pids.map(cpuMs);
  const [busy, flooded] = await Promise.all([reads(base, reader), flood(base, attacker)]);
  const used = pids.map((pid, i) => cpuMs(pid) - before[i]);
  const refused = flooded.statuses?.["429"]?.count ?? 0;
  const through = flooded.ok;
  const bad = quiet.non2xx + quiet.errors + busy.non2xx + busy.errors;
  log(`${label}`);
  log(`  other workspace's reads (${READ_RATE}/s): quiet p50 ${ms(quiet.latency.p50)} p99 ${ms(quiet.latency.p99)}`);
  log(
    `  during the flood:                  p50 ${ms(busy.latency.p50)} p99 ${ms(busy.latency.p99)}  (p99 ×${(busy.latency.p99 / Math.max(quiet.latency.p99, 0.1)).toFixed(1)})${bad > 0 ? `  ${bad} reads failed` : ""}`,
  );
  log(
    `  flood: ${flooded.total} writes, ${(flooded.total / DURATION).toFixed(0)}/s; ${refused} refused (429), ${through} let through`,
  );
  // The flood's cost: CPU time during the flood less that of the quiet phase (same reads, same length).
  const names = ["server", "haproxy"];
  const costs = used.map((cpu, i) => {
    const extra = cpu - (quietUsed[i] ?? 0);
    return `${names[i]} ${(quietUsed[i] ?? 0).toFixed(0)} → ${cpu.toFixed(0)} ms (the flood: ${extra.toFixed(0)} ms, ${((extra / Math.max(refused, 1)) * 1000).toFixed(0)} ms per 1,000 refusals)`;
  });
  log(`  CPU time, quiet → flood: ${costs.join("; ")}`);
}

const server = await startServer(root);
try {
  log(
    `flood bench: ${DURATION} s per phase, flood of ${FLOOD_CONNECTIONS} connections at ${FLOOD_RATE || "unpaced"}/s, reads paced at ${READ_RATE}/s`,
  );
  await measure("straight to the server (Node refuses the flood)", server.url, [server.pid]);

  const port = await freePort();
  const stats = await freePort();
  const address = new URL(server.url).host;
  const haproxy = spawn(HAPROXY, ["-db", "-f", path.join(root, "deploy/haproxy.cfg.example")], {
    env: {
      ...process.env,
      SITESNAG_BIND: `127.0.0.1:${port}`,
      SITESNAG_SERVER_A: address,
      SITESNAG_SERVER_B: address,
      SITESNAG_STATS_BIND: `127.0.0.1:${stats}`,
      SITESNAG_CHECK_INTERVAL: "2s",
      SITESNAG_ADDRESS_RATE: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = await new Promise((resolve) => {
    haproxy.once("error", () => resolve(false));
    haproxy.once("spawn", () => resolve(true));
  });
  if (!started) {
    log("haproxy not installed: the case through HAProxy is skipped");
  } else {
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i += 1) {
        if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
        if (i > 100) throw new Error("haproxy did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
      // A fresh minute for the write budgets' memory of the first case is not needed: new accounts.
      await measure("through HAProxy (the shipped configuration refuses the flood)", base, [server.pid, haproxy.pid]);
    } finally {
      haproxy.kill("SIGTERM");
      await new Promise((r) => haproxy.once("exit", r));
    }
  }
} finally {
  await server.stop();
}
