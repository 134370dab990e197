// The browser half of bench:plans: a sheet with 2,000 pins opened in Chromium on a phone viewport
// (390 × 844, touch), the time to its first tiles, and frame times while panning and zooming it.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const PINS = Number(process.env.BENCH_PINS ?? 2000);
const BATCH = 100;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/** Main-thread time of the page's renderer by top-level event name (self time of nested ones). */
function printTrace(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return;
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: each span's duration minus its direct children's.
  const self = new Map();
  const stack = [];
  for (const e of spans) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    stack.push(e);
  }
  console.log("  renderer main thread, self time by event (trace):");
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`    ${Math.round(us / 1000)} ms  ${name}`);
}

export async function browserFigures({ base, session, projectId, sheet, call }) {
  const token = session.accessToken;
  // 2,000 pinned reports through the sync endpoint, 100 per request, spread over the sheet.
  for (let i = 0; i < PINS; i += BATCH) {
    const items = Array.from({ length: BATCH }, (_, k) => {
      const n = i + k;
      return {
        tempId: `bench-pin-${n}`,
        action: "create",
        resource: "snagging",
        data: {
          projectId,
          priority: ["low", "medium", "high", "critical"][n % 4],
          status: ["open", "in-progress", "resolved", "closed"][n % 4],
          sheetId: sheet.id,
          pinX: ((n * 7919) % 997) / 997,
          pinY: ((n * 104_729) % 991) / 991,
        },
      };
    });
    const answer = await call(base, "POST", "/snagging/sync", { token, body: { items } });
    if (answer.data.results.some((r) => !r.success)) throw new Error("could not create the bench pins");
  }

  const shell = "/usr/bin/chromium-headless-shell";
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROME_PATH ?? (existsSync(shell) ? shell : "/usr/bin/chromium"),
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript((value) => {
      localStorage.setItem(
        "auth-storage",
        JSON.stringify({
          state: {
            user: value.user,
            accessToken: value.accessToken,
            refreshToken: value.refreshToken,
            isAuthenticated: true,
          },
          version: 1,
        }),
      );
    }, session);
    const page = await context.newPage();
    const url = `${base}/app/projects/${projectId}/sheets/${sheet.id}`;
    // Warm the app's chunks once (a returning user's cache), then time a fresh open of the sheet.
    await page.goto(url);
    await page.getByRole("region", { name: /^Plan / }).waitFor();
    await page.goto(`${base}/app/dashboard`);
    const start = Date.now();
    await page.goto(url);
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => e.name.includes("/files/sheets/") && e.responseEnd > 0),
    );
    const firstTile = await page.evaluate(() => {
      const tiles = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.includes("/files/sheets/"))
        .map((e) => e.responseEnd);
      return Math.min(...tiles);
    });
    const pinsShown = await page.locator("[data-pin]").count();
    const plan = page.getByRole("region", { name: /^Plan / });
    const box = await plan.boundingBox();

    // The renderer's main-thread time by kind over the gesture (robust to a busy machine, where
    // frame gaps also count the time the browser waited for a core).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () =>
      Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    const profiling = Boolean(process.env.BENCH_PROFILE);
    // BENCH_TRACE=file: a Chrome trace of the gesture (open it in chrome://tracing or Perfetto), and
    // the renderer's main-thread time by event name printed (where the time outside script goes).
    const tracing = process.env.BENCH_TRACE;
    if (tracing)
      await browser.startTracing(page, {
        path: tracing,
        screenshots: false,
        ...(process.env.BENCH_TRACE_CATEGORIES ? { categories: process.env.BENCH_TRACE_CATEGORIES.split(",") } : {}),
      });
    if (profiling) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    // Frame times: every animation frame's gap while the sheet is panned and zoomed for a while.
    await page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (!window.__stopFrames) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (let round = 0; round < 4; round += 1) {
      await page.mouse.move(cx, cy);
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(250);
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx - 120, cy - 80, { steps: 20 });
      await page.mouse.up();
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(250);
      await page.mouse.down();
      await page.mouse.move(cx + 100, cy + 60, { steps: 20 });
      await page.mouse.up();
    }
    const frames = await page.evaluate(() => {
      window.__stopFrames = true;
      return window.__frames.slice(1);
    });
    const after = await metrics();
    const pinsAtEnd = await page.locator("[data-pin]").count();
    if (tracing) printTrace(JSON.parse((await browser.stopTracing()).toString()));
    if (profiling) {
      const { profile } = await cdp.send("Profiler.stop");
      const self = new Map();
      const dt = profile.timeDeltas;
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const f = byId.get(id).callFrame;
        const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${Math.round(v)} ms  ${k}`);
      const { writeFileSync } = await import("node:fs");
      writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    }
    const spent = (key) => Math.round((after[key] - before[key]) * 1000);
    frames.sort((a, b) => a - b);
    console.log(
      `\nChromium, phone viewport 390 × 844 (@2x), ${PINS} pins on a ${sheet.width} × ${sheet.height} px sheet`,
    );
    console.log(
      `  first tiles: ${Math.round(firstTile)} ms after navigation (target ≤ 1000 ms); wall ${Date.now() - start} ms`,
    );
    console.log(
      `  pin buttons at the fitted zoom (clustered): ${pinsShown}; after the gesture (zoomed in): ${pinsAtEnd}`,
    );
    console.log(
      `  main thread during the gesture: ${spent("TaskDuration")} ms busy (script ${spent("ScriptDuration")} ms, layout ${spent("LayoutDuration")} ms, style ${spent("RecalcStyleDuration")} ms) of ${Math.round((after.Timestamp - before.Timestamp) * 1000)} ms; ${Math.round(after.Nodes)} DOM nodes`,
    );
    // CPU time (not wall time) of the renderer's main thread per frame: what the page asks of a
    // core each frame, less swayed by other work on the machine than the frame gaps are.
    const cpu = spent("ThreadTime");
    console.log(
      `  main thread CPU during the gesture: ${cpu} ms, ${(cpu / frames.length).toFixed(1)} ms a frame (renderer process ${spent("ProcessTime")} ms)`,
    );
    console.log(
      `  frame time while panning and zooming: median ${percentile(frames, 0.5).toFixed(1)} ms, p95 ${percentile(frames, 0.95).toFixed(1)} ms over ${frames.length} frames (target p95 ≤ 20 ms); ${frames.filter((f) => f > 20).length} frames over 20 ms`,
    );
  } finally {
    await browser.close();
  }
}
