import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto } from "./images";
import { runFaultCycles } from "./sync-faults";

// A fixed seed: a failure here replays exactly. `npm run bench:sync` runs 10,000 cycles.
const SEED = 20261123;
const CYCLES = Number(process.env.SYNC_FAULT_CYCLES ?? 200);

describe.each(DIALECTS)("offline queue + sync endpoint under injected faults (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it(`keeps every report exactly once with its photos over ${CYCLES} faulty cycles`, { timeout: 240_000 }, async () => {
    const account = await signUp(t);
    const projectId = (await createProject(t, account.accessToken)).id;
    const run = await runFaultCycles(t, {
      token: account.accessToken,
      projectId,
      seed: SEED,
      cycles: CYCLES,
      photo: await jpegPhoto({ width: 64, height: 48 }),
    });
    expect(run.cycles).toBe(CYCLES);
    expect({ duplicates: run.duplicates, losses: run.losses }).toEqual({ duplicates: 0, losses: 0 });
    expect(await countRows(t, "snagging_reports")).toBe(run.reports);
    expect(await countRows(t, "attachments")).toBe(run.photos);
    // Every fault was exercised, and photos went through.
    for (const count of Object.values(run.faults)) expect(count).toBeGreaterThan(0);
    expect(run.photos).toBeGreaterThan(0);
  });
});
