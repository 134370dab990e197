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

  it(`keeps every report and photo exactly once when photos go up by hash and uploads are cut (${CYCLES} cycles)`, {
    timeout: 240_000,
  }, async () => {
    const account = await signUp(t);
    const projectId = (await createProject(t, account.accessToken)).id;
    const reportsBefore = await countRows(t, "snagging_reports");
    const photosBefore = await countRows(t, "attachments");
    const run = await runFaultCycles(t, {
      token: account.accessToken,
      projectId,
      seed: SEED + 1,
      cycles: CYCLES,
      photo: await jpegPhoto({ width: 64, height: 48 }),
      byHash: true,
    });
    expect({ duplicates: run.duplicates, losses: run.losses }).toEqual({ duplicates: 0, losses: 0 });
    expect(await countRows(t, "snagging_reports")).toBe(reportsBefore + run.reports);
    expect(await countRows(t, "attachments")).toBe(photosBefore + run.photos);
    // Uploads were cut mid-photo, and every photo uploaded once: one upload row per distinct photo.
    expect(run.photoCuts).toBeGreaterThan(0);
    expect(await countRows(t, "uploads")).toBe(run.photos);
    expect(await countRows(t, "upload_parts")).toBe(0);
  });
});
