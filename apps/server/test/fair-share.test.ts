// One account flooding the sync endpoint must not slow another workspace's reads (issue 22): with
// a write budget, the flood is refused before its bodies are parsed once it has spent
// its minute, and the batches it may apply hand the event loop back between changes. The bound
// compares the reads during the flood with the reads without it, measured in the same run in
// alternating windows (idle, flood, idle, flood…), so a change of the machine's load during the
// test falls on both sides instead of only on the flood's (decision 0037).
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const ROUNDS = 4;
const IDLE_MS = 500;
const FLOOD_MS = 1_250;
const READ_EVERY_MS = 10;
const BUDGET = 50;
const FLOODERS = 4;
const MAX_FLOOD_MS = 20_000;

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
};
const p99 = (samples: number[]) => quantile(samples, 0.99);
const p50 = (samples: number[]) => quantile(samples, 0.5);

describe.each(DIALECTS)("one account's sync flood beside another workspace's reads (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A budget a busy test machine reaches within the flood (the default, 600, takes a fast one).
    t = await createTestApp(kind, {
      WRITE_ITEMS_PER_MINUTE: String(BUDGET),
      WRITE_MB_PER_MINUTE: "100",
      WORKSPACE_WRITE_ITEMS_PER_MINUTE: "1200",
      WORKSPACE_WRITE_MB_PER_MINUTE: "200",
    });
  });
  afterAll(() => t.close());

  it("keeps the other workspace's p99 within a few times its idle p99", async () => {
    const flooder = await signUp(t);
    const floodProject = await createProject(t, flooder.accessToken);
    const reader = await signUp(t);
    for (let i = 0; i < 5; i += 1) await createProject(t, reader.accessToken, { name: `Site ${i}` });

    const read = async () => {
      const start = performance.now();
      const res = await t.request({ method: "GET", url: "/api/projects", token: reader.accessToken });
      expect(res.statusCode).toBe(200);
      return performance.now() - start;
    };
    const readFor = async (ms: number) => {
      const samples: number[] = [];
      const end = performance.now() + ms;
      while (performance.now() < end) {
        samples.push(await read());
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
      return samples;
    };

    for (let i = 0; i < 20; i += 1) await read();

    // Maximum-size batches: 100 creates with 20,000-character descriptions, back to back.
    const text = JSON.stringify(
      `📷 Photo 1 - Level 3: ${"hairline crack along the slab edge ".repeat(600)}`.slice(0, 20_000),
    );
    // Serialised once, with fixed-width tempIds rewritten in place per request: the test's own
    // client (in this process) must not be what slows the process down.
    const body = Buffer.from(
      `{"items":[${Array.from(
        { length: 100 },
        (_, i) =>
          `{"tempId":"flood-000000-${String(i).padStart(3, "0")}","action":"create","resource":"snagging","data":{"projectId":"${floodProject.id}","priority":"high","description":${text}}}`,
      ).join(",")}]}`,
    );
    const slots: number[] = [];
    for (let at = body.indexOf("flood-"); at >= 0; at = body.indexOf("flood-", at + 1)) slots.push(at + 6);
    let batch = 0;
    const statuses = new Map<number, number>();
    let flooding = false;
    const floodOnce = async () => {
      // One body per connection, rewritten between its requests: no allocation per request.
      const payload = Buffer.from(body);
      while (flooding) {
        batch += 1;
        for (const at of slots) payload.write(String(batch).padStart(6, "0"), at, "latin1");
        const res = await t.request({
          method: "POST",
          url: "/api/snagging/sync",
          token: flooder.accessToken,
          headers: { "content-type": "application/json" },
          payload,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // A request from the network arrives as I/O; injected ones would otherwise chain as
        // microtasks and starve every timer of the process.
        await nextTurn();
      }
    };
    // Several connections at once, as a script would send them, in windows between quiet ones.
    const idle: number[] = [];
    const busy: number[] = [];
    const deadline = performance.now() + MAX_FLOOD_MS;
    for (let round = 0; round < ROUNDS || (!statuses.has(429) && performance.now() < deadline); round += 1) {
      idle.push(...(await readFor(IDLE_MS)));
      flooding = true;
      const flood = Promise.all(Array.from({ length: FLOODERS }, floodOnce));
      busy.push(...(await readFor(FLOOD_MS)));
      flooding = false;
      await flood;
    }

    const idleP99 = p99(idle);
    const busyP99 = p99(busy);
    const bound = 4 * idleP99 + 100;
    // On both databases the median of the other workspace's reads stays within a generous ratio of
    // its idle median: a flood that holds the event loop (issue 22 measured ~10 ms → 252 ms, 25×)
    // fails it. Measured on a 2-core machine at load 16–20 (PostgreSQL): idle 5–15 ms, during the
    // flood 10–245 ms, so the ratio is wide (10× + 150 ms) and the p99 is not held there. The widest
    // runs came from refused requests each costing a user query; they cost none now (decision
    // 0037), and idle and flood windows alternate: at load 13 with a benchmark running beside it,
    // PostgreSQL idle p50 7 ms, during the flood 29 ms (bound 220 ms).
    const idleP50 = p50(idle);
    const busyP50 = p50(busy);
    const medianBound = 10 * idleP50 + 150;
    console.info(
      `${kind}: reads idle p50 ${idleP50.toFixed(1)} / p99 ${idleP99.toFixed(1)} ms, during the flood p50 ${busyP50.toFixed(1)} / p99 ${busyP99.toFixed(1)} ms (bounds ${medianBound.toFixed(0)} / ${bound.toFixed(0)} ms); flood answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(busyP50).toBeLessThanOrEqual(medianBound);
    // The budget was reached and refused (429), and nothing beyond it was stored.
    expect(statuses.get(429) ?? 0).toBeGreaterThan(0);
    const stored = await t.ctx.db
      .selectFrom("snagging_reports")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("workspace_id", "=", flooder.user.workspaceId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeLessThanOrEqual(BUDGET);
    // The p99 bound is held on SQLite, where the database runs inside the server process and the
    // figure is the server's own. On PostgreSQL (a separate server competing for the same cores)
    // the p99 swung from 140 to 840 ms between runs on a loaded 2-core machine, so there only the
    // median ratio above (and the refusal and stored count) are asserted.
    if (kind === "sqlite") expect(busyP99).toBeLessThanOrEqual(bound);
  }, 60_000);
});
