// Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) against the built app, the way a new
// user on a phone meets it. Starts the built server on a free port, opens a demo sandbox, and audits
// each page N times, interleaved, each run a cold load in a fresh Chromium profile. Signed-in pages
// get the demo session planted in localStorage (`auth-storage`) first: Lighthouse clears caches and
// service workers before each audit but keeps localStorage.
// Prints per page the median performance score, LCP, TBT, CLS, JavaScript transferred, the
// accessibility and best-practices scores, and Lighthouse's CPU benchmark index (absolute figures
// move with the machine's load).
// Usage: npm run build && npm run bench:web -- [--runs 5] [--pages /,/login] [--baseline <checkout>] [--save <dir>]
//   --locale <code> (pl, ro, lt, pt-PT, es, en-GB) audits the pages in that language: the demo user's
//     `locale` is set through the API and this device's choice (`sitesnag-locale`) is planted in
//     localStorage, as a user who picked it on the profile page has it; signed-out pages get the
//     device choice only. The language's catalogue is then part of every cold load.
//   --save writes every Lighthouse report (JSON) into <dir>, to read what holds a page back.
//   --throttling devtools applies the preset's slow network and CPU to the load itself and reports
//     what was observed (Lighthouse's default, "simulate", loads at full speed and models the rest).
//   --block <pattern,...> has Chromium refuse matching URLs (e.g. "*manifest.webmanifest"): a what-if
//     figure for analysis (how much a request costs the metrics), never a result to quote as the page's.
//   --baseline runs a second, already built checkout (e.g. a `git worktree` of an older commit)
//   interleaved with this one, so before/after figures share the same machine conditions.
//   --peer <dist dir> audits another, built single-page app in the same run, interleaved: its
//     folder served by a small Fastify static server (brotli/gzip, index.html for unknown paths;
//     bench/lib/static-server.mjs) at --peer-page (default /), after --peer-storage key=value,...
//     has been put in its localStorage (e.g. isLoggedIn=true for its signed-in view).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startServer } from "./lib/server.mjs";
import { startStaticServer } from "./lib/static-server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    block: { type: "string" },
    throttling: { type: "string", default: "simulate" },
    pages: { type: "string", default: "/,/login,/app/dashboard,/app/projects,/app/snagging" },
    root: { type: "string" },
    baseline: { type: "string" },
    peer: { type: "string" },
    "peer-page": { type: "string", default: "/" },
    "peer-storage": { type: "string", default: "" },
    save: { type: "string" },
    locale: { type: "string" },
  },
});
const RUNS = Math.max(1, Math.min(Number(values.runs), 20));
const PAGES = values.pages.split(",").map((p) => p.trim());
const here = path.dirname(fileURLToPath(import.meta.url));
const targets = [
  ...(values.baseline ? [{ name: "before", root: path.resolve(values.baseline) }] : []),
  { name: values.baseline ? "after" : "app", root: path.resolve(values.root ?? path.join(here, "..")) },
];
// The other app: one page of its own, audited in every run beside ours.
const peer = values.peer
  ? {
      name: "peer",
      dist: path.resolve(values.peer),
      page: values["peer-page"],
      storage: values["peer-storage"]
        .split(",")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    }
  : null;
// The flags the e2e suite uses (e2e/playwright.config.ts), headless.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function demoSession(url) {
  const res = await fetch(`${url}/api/auth/demo-login`, { method: "POST" });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  const { user, accessToken, refreshToken } = await res.json();
  if (values.locale) {
    const patched = await fetch(`${url}/api/users/${user.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ locale: values.locale }),
    });
    if (!patched.ok) throw new Error(`setting the locale failed: ${patched.status} ${await patched.text()}`);
    user.locale = values.locale;
  }
  // The shape zustand's persist middleware writes for apps/web/src/stores/auth-store.ts.
  return JSON.stringify({ state: { user, accessToken, refreshToken, isAuthenticated: true }, version: 1 });
}

async function audit(target, pagePath) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (target.storage?.length) {
      // Its origin's localStorage, from a path that is not the audited page (a 404 loads none of it).
      await page.goto(`${target.url}/bench-storage.txt`);
      await page.evaluate((pairs) => {
        for (const [key, value] of pairs) localStorage.setItem(key, value);
      }, target.storage);
    } else if (pagePath.startsWith("/app") || values.locale) {
      // Same origin, but a JSON answer: it loads none of the app, so the audited load stays cold.
      await page.goto(`${target.url}/api/health`);
      await page.evaluate(
        (session, signedIn, locale) => {
          if (signedIn) localStorage.setItem("auth-storage", session);
          if (locale) {
            const userId = signedIn ? JSON.parse(session).state.user.id : null;
            localStorage.setItem("sitesnag-locale", JSON.stringify({ userId, locale }));
          }
        },
        target.session,
        pagePath.startsWith("/app"),
        values.locale ?? null,
      );
    }
    const result = await lighthouse(
      target.url + pagePath,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        ...(values.block ? { blockedUrlPatterns: values.block.split(",") } : {}),
        // "devtools": the slow network and CPU applied to the real load (observed times), not simulated.
        throttlingMethod: values.throttling === "devtools" ? "devtools" : "simulate",
      },
      undefined,
      page,
    );
    await browser.disconnect();
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`${pagePath}: ${lhr?.runtimeError?.message ?? "no result"}`);
    if (values.save) {
      const name = `${target.name}${pagePath.replaceAll("/", "_")}-${Date.now()}.json`;
      await mkdir(values.save, { recursive: true });
      await writeFile(path.join(values.save, name), JSON.stringify(lhr));
    }
    // A loaded machine sometimes leaves a metric out (no TTI, so no TBT): a failed run, not a zero.
    for (const metric of ["largest-contentful-paint", "total-blocking-time"]) {
      if (typeof lhr.audits[metric].numericValue !== "number") throw new Error(`${pagePath}: no ${metric}`);
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== pagePath) throw new Error(`${pagePath} ended on ${finalPath} (not signed in?)`);
    const scripts = lhr.audits["resource-summary"].details.items.find((i) => i.resourceType === "script");
    return {
      perf: lhr.categories.performance.score * 100,
      a11y: lhr.categories.accessibility.score * 100,
      bp: lhr.categories["best-practices"].score * 100,
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      js: scripts?.transferSize ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): run again, twice at most. */
async function auditWithRetry(target, pagePath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(target, pagePath);
    } catch (error) {
      if (attempt === 3 || /ended on/.test(error.message)) throw error;
      process.stderr.write(`retrying ${target.name} ${pagePath}: ${error.message}\n`);
    }
  }
}

function progress(run, target, pagePath, r) {
  process.stderr.write(
    `run ${run}/${RUNS} ${target.name.padEnd(6)} ${pagePath.padEnd(16)} perf ${r.perf.toFixed(0)}  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${r.tbt.toFixed(0)} ms\n`,
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const started = [];
try {
  for (const target of targets) {
    const server = await startServer(target.root);
    started.push(server);
    target.url = server.url;
    target.session = await demoSession(server.url);
  }
  if (peer) {
    const server = await startStaticServer(peer.dist);
    started.push(server);
    peer.url = server.url;
  }
  const results = new Map(); // `${target}|${page}` -> runs
  for (let run = 1; run <= RUNS; run++) {
    for (const pagePath of PAGES) {
      for (const target of targets) {
        const r = await auditWithRetry(target, pagePath);
        const key = `${target.name}|${pagePath}`;
        results.set(key, [...(results.get(key) ?? []), r]);
        progress(run, target, pagePath, r);
      }
    }
    if (peer) {
      const r = await auditWithRetry(peer, peer.page);
      results.set(`peer|${peer.page}`, [...(results.get(`peer|${peer.page}`) ?? []), r]);
      progress(run, peer, peer.page, r);
    }
  }
  const all = [...results.values()].flat();
  console.log(
    `\nLighthouse mobile preset${values.locale ? `, locale ${values.locale}` : ""}, median of ${RUNS} cold runs; CPU benchmark index median ${median(all.map((r) => r.benchmarkIndex)).toFixed(0)} (min ${Math.min(...all.map((r) => r.benchmarkIndex)).toFixed(0)}, max ${Math.max(...all.map((r) => r.benchmarkIndex)).toFixed(0)})`,
  );
  if (values.block) console.log(`WHAT-IF: requests matching ${values.block} were refused; not the pages' own figures`);
  console.log(
    `${"page".padEnd(16)} ${targets.length > 1 || peer ? "build  " : ""}perf   LCP      TBT      CLS     JS transferred  a11y  best-pr.`,
  );
  const rows = PAGES.flatMap((pagePath) => targets.map((target) => [target.name, pagePath]));
  if (peer) {
    rows.push([peer.name, peer.page]);
    console.log(
      `peer: ${peer.dist} at ${peer.page}${peer.storage.length ? `, localStorage ${values["peer-storage"]}` : ""}`,
    );
  }
  const labelled = targets.length > 1 || peer;
  for (const [name, pagePath] of rows) {
    const runs = results.get(`${name}|${pagePath}`);
    const m = (k) => median(runs.map((r) => r[k]));
    console.log(
      `${pagePath.padEnd(16)} ${labelled ? name.padEnd(7) : ""}${m("perf").toFixed(0).padStart(4)}  ${(m("lcp") / 1000).toFixed(2).padStart(5)} s  ${m("tbt").toFixed(0).padStart(4)} ms  ${m("cls").toFixed(3).padStart(6)}  ${(m("js") / 1024).toFixed(1).padStart(8)} KiB    ${m("a11y").toFixed(0).padStart(3)}   ${m("bp").toFixed(0).padStart(3)}`,
    );
  }
} finally {
  for (const server of started) await server.stop();
}
