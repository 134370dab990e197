// Preloaded into a benchmark's server (`--require bench/lib/server-trace.cjs`, via startServer's
// nodeArgs) when a bench is asked for a trace: what held the server's thread, and when, in wall-clock
// milliseconds, so a bench can lay its slow requests beside them. Written to BENCH_TRACE_FILE (JSON)
// when the process exits. Measurement only: nothing here changes what the server does.
//
// - stalls: the event loop did not run a 2 ms timer for longer than 8 ms (start, duration);
// - gc: every collection of 2 ms or more (start, duration, kind);
// - sql: every better-sqlite3 statement run of 2 ms or more (start, duration, the SQL's first
//   120 characters) — a COMMIT that took long is where SQLite's automatic checkpoint ran;
// - walBytes: the size of the -wal file sampled every 100 ms (it is reset, not shrunk, after a
//   checkpoint, so growth and resets show the checkpoints too).
const { createRequire } = require("node:module");
const fs = require("node:fs");
const path = require("node:path");
const { performance, PerformanceObserver } = require("node:perf_hooks");

const out = process.env.BENCH_TRACE_FILE;
const serverRoot = process.env.BENCH_TRACE_SERVER_ROOT;
if (out && serverRoot) {
  const now = () => performance.timeOrigin + performance.now();
  const trace = { stalls: [], gc: [], sql: [], walBytes: [] };

  let last = now();
  setInterval(() => {
    const t = now();
    if (t - last > 10) trace.stalls.push([Math.round(last), Math.round(t - last - 2)]);
    last = t;
  }, 2).unref();

  const kinds = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration >= 2)
        trace.gc.push([
          Math.round(performance.timeOrigin + e.startTime),
          +e.duration.toFixed(1),
          kinds[e.detail?.kind] ?? e.detail?.kind,
        ]);
  }).observe({ entryTypes: ["gc"] });

  const Database = createRequire(path.join(serverRoot, "package.json"))("better-sqlite3");
  const probe = new Database(":memory:");
  const Statement = Object.getPrototypeOf(probe.prepare("select 1"));
  probe.close();
  for (const method of ["run", "get", "all"]) {
    const original = Statement[method];
    Statement[method] = function (...args) {
      const t0 = now();
      try {
        return original.apply(this, args);
      } finally {
        const d = now() - t0;
        if (d >= 2) trace.sql.push([Math.round(t0), +d.toFixed(1), this.source.replace(/\s+/g, " ").slice(0, 120)]);
      }
    };
  }

  const dataDir = process.env.DATA_DIR;
  if (dataDir)
    setInterval(() => {
      try {
        trace.walBytes.push([Math.round(now()), fs.statSync(path.join(dataDir, "sitesnag.db-wal")).size]);
      } catch {
        // not there (PostgreSQL, or not yet)
      }
    }, 100).unref();

  process.on("exit", () => fs.writeFileSync(out, JSON.stringify(trace)));
}
