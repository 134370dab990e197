// API load benchmark: starts the built server on a loopback port with a fresh SQLite data folder
// (or DATABASE_URL if set: point it at a scratch database, the bench writes to it), signs up one user
// with 20 projects, then runs bounded concurrent loads
// against the main reads and prints requests per second and latency percentiles.
// Usage: npm run build && node bench/api-load.mjs [--seconds 10] [--concurrency 20]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, concurrency: { type: "string", default: "20" } },
});
const SECONDS = Math.min(Number(values.seconds), 60);
const CONCURRENCY = Math.min(Number(values.concurrency), 200);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = 4900;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-"));

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "100000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitHealthy() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function json(method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return res.json();
}

async function load(name, makeRequest) {
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const res = await makeRequest();
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `${name.padEnd(28)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms  errors ${errors}`,
  );
}

try {
  await waitHealthy();
  const credentials = { email: `bench.${Date.now()}@example.com`, password: "bench-mark-2026" };
  const { accessToken } = await json("POST", "/api/auth/register", {
    firstName: "Bench",
    lastName: "Mark",
    ...credentials,
  });
  for (let i = 0; i < 20; i++) {
    await json(
      "POST",
      "/api/projects",
      { name: `Project ${i}`, description: "Load test", status: "active" },
      accessToken,
    );
  }
  const auth = { headers: { authorization: `Bearer ${accessToken}` } };
  console.log(
    `${SECONDS}s per scenario, ${CONCURRENCY} concurrent connections, ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`,
  );
  await load("GET /api/health", () => fetch(`${base}/api/health`));
  await load("GET /api/projects (20)", () => fetch(`${base}/api/projects`, auth));
  await load("GET /api/snagging", () => fetch(`${base}/api/snagging`, auth));
  let n = 0;
  await load("POST /api/projects", () =>
    fetch(`${base}/api/projects`, {
      method: "POST",
      headers: { ...auth.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: `Load project ${++n}`, description: "Written under load", status: "active" }),
    }),
  );
  // argon2id verification dominates: this is the CPU-bound path.
  await load("POST /api/auth/login", () =>
    fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    }),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
