import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { POOL_BUSY, WorkerPool, WorkerTimeoutError, workerEntry } from "./worker-pool";

// A worker that answers its thread id once the test releases it (Atomics on shared memory: no
// timers), and exits when asked to crash.
const WORKER = `
const { parentPort, threadId } = require("node:worker_threads");
parentPort.on("message", (m) => {
  if (m.crash) process.exit(3);
  const gate = new Int32Array(m.gate);
  Atomics.wait(gate, 0, 0);
  parentPort.postMessage({ ok: true, value: threadId });
});`;

type Input = { gate: SharedArrayBuffer; crash?: boolean };

describe("WorkerPool", () => {
  let pool: WorkerPool<Input, number>;
  afterEach(() => pool.close());

  const open = (gate: SharedArrayBuffer) => {
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
  };

  it("runs tasks off the calling thread, at most `size` at once, and refuses beyond the queue", async () => {
    pool = new WorkerPool<Input, number>({ file: WORKER, options: { eval: true } }, 2, 2);
    const gate = new SharedArrayBuffer(4);
    const tasks = Array.from({ length: 4 }, () => pool.run({ gate }));
    // Two running, two waiting: a fifth is refused at once with the 503 message.
    const refused = await pool.run({ gate }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).message).toBe(POOL_BUSY);
    expect(pool.pending).toBe(4);
    open(gate);
    const threads = await Promise.all(tasks);
    expect(threads.every((id) => id !== threadId)).toBe(true);
    expect(new Set(threads).size).toBe(2);
  });

  it("closing settles every task, the running ones included", async () => {
    pool = new WorkerPool<Input, number>({ file: WORKER, options: { eval: true } }, 1, 5);
    // Never opened: the first task runs until its worker is stopped, the second waits behind it.
    const gate = new SharedArrayBuffer(4);
    const running = pool.run({ gate }).catch((e: unknown) => e);
    const waiting = pool.run({ gate }).catch((e: unknown) => e);
    await expect.poll(() => pool.pending).toBe(2);
    await pool.close();
    expect(await running).toEqual(new Error("worker pool closed"));
    expect(await waiting).toEqual(new Error("worker pool closed"));
    expect(pool.pending).toBe(0);
  });

  it("a crashed worker fails its task only; the next task gets a fresh worker", async () => {
    pool = new WorkerPool<Input, number>({ file: WORKER, options: { eval: true } }, 1, 5);
    const gate = new SharedArrayBuffer(4);
    open(gate);
    const first = await pool.run({ gate });
    await expect(pool.run({ gate, crash: true })).rejects.toThrow("worker exited with code 3");
    const after = await pool.run({ gate });
    expect(after).not.toBe(first);
    expect(pool.pending).toBe(0);
  });

  it("stops a task that runs past its time budget, and the next task gets a fresh worker", async () => {
    pool = new WorkerPool<Input, number>({ file: WORKER, options: { eval: true } }, 1, 2);
    // Never opened: the task would wait forever.
    const stuck = await pool.run({ gate: new SharedArrayBuffer(4) }, [], undefined, 100).catch((e: unknown) => e);
    expect(stuck).toBeInstanceOf(WorkerTimeoutError);
    expect(pool.pending).toBe(0);
    const gate = new SharedArrayBuffer(4);
    open(gate);
    const first = await pool.run({ gate }, [], undefined, 5_000);
    expect(first).not.toBe(threadId);
    // The timer of a finished task does not fire later and kill the (reused) worker.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pool.run({ gate })).toBe(first);
  });

  it("retires a worker whose answer reports a heap over the limit; the next task gets a fresh one", async () => {
    // Answers its thread id and, as the PDF worker does, a heap size: the one the task asks for.
    const HEAP = `
const { parentPort, threadId } = require("node:worker_threads");
parentPort.on("message", (m) => parentPort.postMessage({ ok: true, value: threadId, heapBytes: m.heapBytes }));`;
    const retiring = new WorkerPool<{ heapBytes: number }, number>(
      { file: HEAP, options: { eval: true } },
      1,
      5,
      undefined,
      1000,
    );
    try {
      const first = await retiring.run({ heapBytes: 1000 });
      // At the limit: kept.
      expect(await retiring.run({ heapBytes: 10 })).toBe(first);
      // Over it: this task is answered, then the worker goes.
      expect(await retiring.run({ heapBytes: 1001 })).toBe(first);
      const fresh = await retiring.run({ heapBytes: 10 });
      expect(fresh).not.toBe(first);
      expect(await retiring.run({ heapBytes: 10 })).toBe(fresh);
      expect(retiring.pending).toBe(0);
    } finally {
      await retiring.close();
    }
  });

  it("starts its workers with the heap limits of its entry (the PDF worker's young generation)", async () => {
    const limits = { maxYoungGenerationSizeMb: 8 };
    const entry = workerEntry(new URL("file:///nowhere/worker.js"), new URL("file:///nowhere/worker.ts"), limits);
    expect(entry.options.resourceLimits).toEqual(limits);
    const REPORT = `
const { parentPort, resourceLimits } = require("node:worker_threads");
parentPort.on("message", () => parentPort.postMessage({ ok: true, value: resourceLimits.maxYoungGenerationSizeMb }));`;
    const limited = new WorkerPool<Input, number>(
      { file: REPORT, options: { eval: true, resourceLimits: entry.options.resourceLimits } },
      1,
      1,
    );
    pool = limited;
    expect(await limited.run({ gate: new SharedArrayBuffer(4) })).toBe(8);
  });
});
