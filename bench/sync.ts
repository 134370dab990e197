// npm run bench:sync: the fault-injection run at scale (10,000 cycles by default; SYNC_BENCH_CYCLES
// to change) and the time to sync a queue of 100 reports without photos and 20 with one photo
// each, through the browser's queue code and the real endpoint over SQLite (in-process, no network).
import { MemoryQueueStore, type QueueItem, syncQueue } from "@sitesnag/shared/sync-queue";
import { createProject, signUp } from "../apps/server/test/factories";
import { createTestApp } from "../apps/server/test/harness";
import { jpegPhoto } from "../apps/server/test/images";
import { runFaultCycles, sender } from "../apps/server/test/sync-faults";

const cycles = Number(process.env.SYNC_BENCH_CYCLES ?? 10_000);
const t = await createTestApp("sqlite");
const account = await signUp(t);
const projectId = (await createProject(t, account.accessToken)).id;

// A workspace per 1,000 cycles: references (SNAG-YYYYMMDD-NNNN) allow 9,000 reports per workspace
// per day, which 10,000 cycles (~20,000 reports) would exhaust; that is the product's limit, not the queue's.
let started = performance.now();
const run = { cycles: 0, reports: 0, photos: 0, duplicates: 0, losses: 0, faults: {} as Record<string, number> };
const tinyPhoto = await jpegPhoto({ width: 64, height: 48 });
for (let done = 0; done < cycles; done += 1000) {
  const chunkAccount = await signUp(t);
  const chunkProject = (await createProject(t, chunkAccount.accessToken)).id;
  const part = await runFaultCycles(t, {
    token: chunkAccount.accessToken,
    projectId: chunkProject,
    seed: Number(process.env.SYNC_BENCH_SEED ?? 7) + done,
    cycles: Math.min(1000, cycles - done),
    photo: tinyPhoto,
  });
  for (const key of ["cycles", "reports", "photos", "duplicates", "losses"] as const) run[key] += part[key];
  for (const [f, n] of Object.entries(part.faults)) run.faults[f] = (run.faults[f] ?? 0) + n;
}
console.log(`fault cycles: ${run.cycles} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`  reports ${run.reports}, photos ${run.photos}, faults ${JSON.stringify(run.faults)}`);
console.log(`  duplicates: ${run.duplicates}   losses: ${run.losses}`);

async function timeQueue(count: number, photo: Buffer | null): Promise<number> {
  const store = new MemoryQueueStore();
  for (let i = 0; i < count; i += 1) {
    const id = crypto.randomUUID();
    const photoIds = photo ? [crypto.randomUUID()] : [];
    const item: QueueItem = {
      id,
      tempId: id,
      action: "create",
      resource: "snagging",
      timestamp: Date.now(),
      photoIds,
      data: { projectId, priority: "low", description: `📷 Photo 1 - Bench: ${i}` },
    };
    await store.enqueue(
      item,
      photo
        ? [
            {
              id: photoIds[0] as string,
              itemId: id,
              blob: new Blob([new Uint8Array(photo)], { type: "image/jpeg" }),
              name: "site.jpg",
            },
          ]
        : [],
    );
  }
  started = performance.now();
  const outcome = await syncQueue(
    store,
    sender(t, account.accessToken, () => "none"),
  );
  const ms = performance.now() - started;
  if (outcome.remaining !== 0 || outcome.sent !== count)
    throw new Error(`bench queue not drained: ${JSON.stringify(outcome)}`);
  return ms;
}

const photo = await jpegPhoto({ width: 1600, height: 1200 });
console.log(`sync 100 queued reports without photos: ${(await timeQueue(100, null)).toFixed(0)} ms (target < 2000 ms)`);
console.log(
  `sync 20 queued reports with one ${(photo.length / 1024).toFixed(0)} KB photo each: ${(await timeQueue(20, photo)).toFixed(0)} ms`,
);
await t.close();
if (run.duplicates > 0 || run.losses > 0) process.exit(1);
