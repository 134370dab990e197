// A small bounded pool of worker threads for work that would otherwise stall the event loop or
// pile up without bound (PDF rendering, photo processing). At most `size` tasks run at once, each
// in its own thread; at most `maxQueue` wait; beyond that a task is refused at once (503 with
// Retry-After) instead of queueing without bound. Workers start on first use, stay for the next
// task, and are replaced when one crashes.
//
// The worker file: the built server (dist/main.js) finds `<name>.js` next to itself (build.mjs
// bundles it as a second entry point); from source (tsx, vitest) the `.ts` file is loaded through
// tsx's loader, registered by a one-line bootstrap, so both run the same code.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, type TransferListItem, Worker } from "node:worker_threads";
import { AppError } from "../http/errors";

type Task<I, O> = {
  input: I;
  transfer: TransferListItem[];
  resolve: (value: O) => void;
  reject: (error: Error) => void;
  /** Streaming tasks: each `{chunk}` the worker posts before its answer (see pdf-stream.ts). */
  onChunk?: ((chunk: Uint8Array) => void) | undefined;
  timeoutMs: number | undefined;
  timer?: NodeJS.Timeout;
};

/** A task that ran past its time budget: its worker was terminated (and is replaced on next use). */
export class WorkerTimeoutError extends Error {}

/**
 * What a worker posts: partial output (streaming tasks), then exactly one answer. `heapBytes`: what
 * its V8 heap holds once the task is done (the PDF worker: used after a full collection), if it says.
 */
type WorkerMessage<O> =
  | { chunk: Uint8Array }
  | { ok: true; value: O; heapBytes?: number }
  | { ok: false; error: string; heapBytes?: number };

type Slot = { worker: Worker; busy: boolean };

export const POOL_BUSY = "The server is busy generating documents. Please try again in a moment.";
/** How long a refused caller is told to wait (Retry-After, seconds). */
export const POOL_RETRY_AFTER_SECONDS = 5;

/** Where the worker module is: the built `.js` beside the bundle, else the `.ts` source. */
export function workerEntry(
  builtUrl: URL,
  sourceUrl: URL,
  /** V8 heap limits of each worker (its own isolate), e.g. a smaller young generation. */
  resourceLimits?: ResourceLimits,
): { file: string | URL; options: { eval?: boolean; workerData?: unknown; resourceLimits?: ResourceLimits } } {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (existsSync(fileURLToPath(builtUrl))) return { file: builtUrl, options: { ...limits } };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(sourceUrl.href)}); });`;
  return { file: bootstrap, options: { eval: true, ...limits } };
}

export class WorkerPool<I, O> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task<I, O>[] = [];
  private readonly running = new Map<Worker, Task<I, O>>();
  private closed = false;

  constructor(
    private readonly entry: ReturnType<typeof workerEntry>,
    readonly size: number,
    readonly maxQueue: number,
    /** The 503 message when the queue is full: says what the server is busy with. */
    private readonly busyMessage = POOL_BUSY,
    /**
     * A worker whose answer reports a heap larger than this is retired once the task is answered
     * (the next task gets a fresh worker): a backstop for a worker that keeps what it should not
     * (decision 0087). Its garbage is the worker's own business (the PDF worker collects it).
     */
    private readonly retireAboveHeapBytes = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Runs `input` in a worker; `transfer` moves buffers instead of copying them. `onChunk` receives
   * the output a streaming worker posts as it goes, before the task's answer. With `timeoutMs`, a
   * task still running after that long (from when it starts, not while it waits) has its worker
   * terminated and rejects with WorkerTimeoutError; the pool carries on with a fresh worker.
   */
  run(
    input: I,
    transfer: TransferListItem[] = [],
    onChunk?: (chunk: Uint8Array) => void,
    timeoutMs?: number,
  ): Promise<O> {
    if (this.closed) return Promise.reject(new Error("worker pool closed"));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new AppError(503, this.busyMessage, undefined, { retryAfterSeconds: POOL_RETRY_AFTER_SECONDS }),
      );
    }
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, transfer, resolve, reject, onChunk, timeoutMs });
      this.dispatch();
    });
  }

  /** Tasks waiting plus running, for logs and tests. */
  get pending(): number {
    return this.queue.length + this.running.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error("worker pool closed"));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
    // Tasks that were running when their worker stopped settle too: nothing waits for ever on a
    // closed pool (a shutdown waiting for in-flight work would otherwise hang).
    for (const task of this.running.values()) {
      if (task.timer) clearTimeout(task.timer);
      task.reject(new Error("worker pool closed"));
    }
    this.running.clear();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift() as Task<I, O>;
      slot.busy = true;
      this.running.set(slot.worker, task);
      slot.worker.ref();
      if (task.timeoutMs !== undefined) task.timer = setTimeout(() => this.expire(slot), task.timeoutMs);
      slot.worker.postMessage(task.input, task.transfer);
    }
  }

  /** A task ran out of time: forget its worker (so its exit is not reported twice) and stop it. */
  private expire(slot: Slot): void {
    const task = this.running.get(slot.worker);
    this.running.delete(slot.worker);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    task?.reject(new WorkerTimeoutError(`task stopped after ${task.timeoutMs} ms`));
    this.dispatch();
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry.file, this.entry.options);
    const slot: Slot = { worker, busy: false };
    const finish = (outcome: { value: O } | { error: Error }) => {
      const task = this.running.get(worker);
      this.running.delete(worker);
      if (task?.timer) clearTimeout(task.timer);
      slot.busy = false;
      // An idle worker must not keep the process alive.
      worker.unref();
      if (task) {
        if ("value" in outcome) task.resolve(outcome.value);
        else task.reject(outcome.error);
      }
      this.dispatch();
    };
    worker.on("message", (message: WorkerMessage<O>) => {
      if ("chunk" in message) {
        this.running.get(worker)?.onChunk?.(message.chunk);
        return;
      }
      // Out of the pool before the task settles, so the next task does not get this worker.
      const retire = (message.heapBytes ?? 0) > this.retireAboveHeapBytes && this.slots.includes(slot);
      if (retire) this.slots.splice(this.slots.indexOf(slot), 1);
      finish(message.ok ? { value: message.value } : { error: new Error(message.error) });
      // Its whole heap goes with it: the isolate's pages are unmapped.
      if (retire) void worker.terminate();
    });
    const drop = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      finish({ error });
    };
    worker.on("error", drop);
    worker.on("exit", (code) => {
      if (this.slots.includes(slot)) drop(new Error(`worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }
}
