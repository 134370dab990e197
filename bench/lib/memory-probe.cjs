// bench:scale --memory-split (decision 0037): preloaded into the server (NODE_OPTIONS=--require),
// it samples the process every 100 ms and writes, at each new peak of RSS, where the memory is:
// the request thread's V8 heap and its external/ArrayBuffer bytes, each worker thread's heap and
// external bytes (worker.getHeapStatistics), and the anonymous total from /proc/self/smaps_rollup
// (what is left is native: malloc arenas, libvips, thread stacks). A line every second (and every
// peak) goes to MEMPROBE_OUT.series. Only in the server's main thread; nothing else is changed.
const wt = require("node:worker_threads");
const fs = require("node:fs");
const mod = require("node:module");
if (wt.isMainThread && process.env.MEMPROBE_OUT && /dist\/main\.js$/.test(process.argv[1] ?? "")) {
  const out = process.env.MEMPROBE_OUT;
  const workers = new Set();
  const Base = wt.Worker;
  class Tracked extends Base {
    constructor(file, opts) {
      super(file, opts);
      this.__name = String(file).split("/").pop();
      workers.add(this);
      this.once("exit", () => workers.delete(this));
    }
  }
  wt.Worker = Tracked;
  mod.syncBuiltinESMExports();
  let peak = 0;
  let tick = 0;
  const mb = (n) => Math.round(n / 1048576);
  const smaps = () => {
    try {
      const t = fs.readFileSync("/proc/self/smaps_rollup", "utf8");
      const g = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(t)?.[1] ?? 0) >> 10;
      return { anon: g("Anonymous"), rss: g("Rss") };
    } catch {
      return null;
    }
  };
  const timer = setInterval(async () => {
    const m = process.memoryUsage();
    tick += 1;
    const isPeak = m.rss > peak;
    if (!isPeak && tick % 10 !== 0) return;
    if (isPeak) peak = m.rss;
    const ws = [];
    for (const w of workers) {
      try {
        const h = await w.getHeapStatistics();
        ws.push({
          name: w.__name,
          heapTotal: mb(h.total_heap_size),
          heapUsed: mb(h.used_heap_size),
          external: mb(h.external_memory),
          malloced: mb(h.malloced_memory),
        });
      } catch {}
    }
    const v8 = require("node:v8")
      .getHeapSpaceStatistics()
      .map((s) => `${s.space_name}:${mb(s.space_size)}`)
      .join(" ");
    const rec = {
      at: new Date().toISOString(),
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      spaces: v8,
      workers: ws,
      smaps: smaps(),
    };
    fs.appendFileSync(
      out + ".series",
      `${rec.at.slice(11, 19)} rss ${rec.rss} anon ${rec.smaps?.anon} main heap ${rec.heapTotal}/${rec.heapUsed} ext ${rec.external} ab ${rec.arrayBuffers} | ${ws.map((w) => `${w.name} heap ${w.heapTotal}/${w.heapUsed} ext ${w.external}`).join(" ; ")}${isPeak ? " PEAK" : ""}\n`,
    );
    if (isPeak) fs.writeFileSync(out, JSON.stringify(rec, null, 1));
  }, 100);
  timer.unref();
}
