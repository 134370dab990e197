// Admin list benchmark: starts the built server (fresh SQLite folder, a free loopback port), seeds
// 10,000 accounts (each in its own workspace, a third of them yearly members) straight into the
// database, then times the admin calls the panel makes and prints median and p95 latencies.
// Usage: npm run build && node bench/admin-users.mjs [--users 10000] [--runs 30]
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values } = parseArgs({
  options: { users: { type: "string", default: "10000" }, runs: { type: "string", default: "30" } },
});
const USERS = Math.min(Number(values.users), 200_000);
const RUNS = Math.min(Number(values.runs), 500);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-admin-"));
const admin = { email: "bench-admin@example.com", password: "bench-admin-password" };

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "100000",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }

  // Seeding through the API would spend minutes hashing passwords; the rows are what matter here.
  const db = new Database(path.join(dataDir, "sitesnag.db"));
  db.pragma("busy_timeout = 5000");
  const now = Math.floor(Date.now() / 1000);
  const insertWorkspace = db.prepare(
    "insert into workspaces (id, name, is_demo, expires_at, created_at) values (?, ?, 0, null, ?)",
  );
  const insertUser = db.prepare(
    `insert into users (id, workspace_id, email, password_hash, first_name, last_name, role, membership_type,
       membership_start_date, membership_end_date, membership_amount, created_at, workspace_role, search_text)
     values (?, ?, ?, 'x', ?, ?, 'user', ?, ?, ?, ?, ?, 'owner', ?)`,
  );
  const started = performance.now();
  db.transaction(() => {
    for (let i = 0; i < USERS; i++) {
      const workspaceId = randomUUID();
      const created = now - Math.floor((i / USERS) * 365 * 86_400);
      insertWorkspace.run(workspaceId, `Workspace ${i}`, created);
      const yearly = i % 3 === 0;
      insertUser.run(
        randomUUID(),
        workspaceId,
        `user${i}@bench.example`,
        `First${i}`,
        `Last${i}`,
        yearly ? "yearly" : "free",
        yearly ? created : null,
        yearly ? created + 365 * 86_400 : null,
        yearly ? 99 : 0,
        created,
        // search_text as the app writes it (shared/search.ts userSearchText): ASCII, so lower case folds it.
        `first${i}\nlast${i}\nuser${i}@bench.example`,
      );
    }
  })();
  db.close();
  console.log(`seeded ${USERS} users in ${Math.round(performance.now() - started)} ms`);

  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}` };

  const lastPage = Math.ceil(USERS / 20);
  const calls = [
    ["users, first page", "/api/users?page=1&pageSize=20"],
    [`users, page ${lastPage}`, `/api/users?page=${lastPage}&pageSize=20`],
    ["users, search", "/api/users?search=first4242&pageSize=20"],
    ["users, active members", "/api/users?membership=active&pageSize=20"],
    ["admin stats", "/api/admin/stats"],
    ["system settings", "/api/admin/settings"],
  ];
  console.log(`\n${"call".padEnd(26)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)}`);
  for (const [name, url] of calls) {
    const times = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const res = await fetch(base + url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`${name.padEnd(26)} ${at(0.5).padStart(10)} ${at(0.95).padStart(8)}`);
  }
  const t0 = performance.now();
  const csv = await (await fetch(`${base}/api/admin/export/users.csv`, { headers })).text();
  console.log(
    `\nCSV export: ${csv.split("\r\n").length - 2} rows, ${(csv.length / 1024).toFixed(0)} KiB in ${Math.round(performance.now() - t0)} ms`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
