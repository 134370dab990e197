// A small bounded pool of child processes, for work on untrusted files whose native memory a worker
// thread cannot bound (pdf.js drawing on @napi-rs/canvas, sharp): a thread's heap limit covers the
// V8 heap only, and memory a thread's native code took stays with the server after the thread ends.
// A child process is bounded and cleaned up by the kernel instead (decision 0047):
// - its resident memory is read from /proc every POLL_MS while a task runs; past `memoryLimitMb`
//   the process is killed (SIGKILL) and the task rejects with ProcessMemoryError;
// - past the task's time budget it is killed the same way (WorkerTimeoutError): a kill stops native
//   code too, which terminating a thread does not;
// - everything it held goes back to the system when it exits, so the server's own memory never
//   grows with what a file asked for. An idle process exits after IDLE_MS; the next task starts one.
// At most `size` tasks run at once, at most `maxQueue` wait (beyond: 503 with Retry-After), as in
// WorkerPool. Messages are structured clones (`serialization: "advanced"`): bytes go as Uint8Array.
// A child posts `{ ready: true }` once it has loaded its modules; its first task (and that task's
// time budget) starts then, so a slow start on a busy machine is not counted against a file.
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AppError } from "../http/errors";
import { POOL_BUSY, POOL_RETRY_AFTER_SECONDS, WorkerTimeoutError } from "./worker-pool";

const POLL_MS = 50;
const IDLE_MS = 30_000;
const PAGE_BYTES = 4096;

/** A task whose process went past its memory limit: the process was killed. */
export class ProcessMemoryError extends Error {}

type Task<I, O> = {
  input: I;
  resolve: (value: O) => void;
  reject: (error: Error) => void;
  timeoutMs: number | undefined;
};

type Slot<I, O> = {
  child: ChildProcess;
  /** Whether the child has said it has loaded (no task is sent before). */
  ready: boolean;
  task?: Task<I, O> | undefined;
  timer?: NodeJS.Timeout | undefined;
  poll?: NodeJS.Timeout | undefined;
  idle?: NodeJS.Timeout | undefined;
  /** Why this process was killed, if it was: the error its task gets. */
  killedFor?: Error | undefined;
};

/** What a child posts: `{ready}` once when it has loaded, then one answer per task. */
type ProcessMessage<O> = { ready: true } | { ok: true; value: O } | { ok: false; error: string };

/** Where the child's module is: the built `.js` beside the bundle, else the `.ts` source through tsx. */
export function processEntry(builtUrl: URL, sourceUrl: URL): { file: string; execArgv: string[] } {
  if (existsSync(fileURLToPath(builtUrl))) return { file: fileURLToPath(builtUrl), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { file: fileURLToPath(sourceUrl), execArgv: ["--import", tsx] };
}

/** Resident memory of a process in bytes, read from /proc (0 where there is no /proc). */
export function residentBytes(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE_BYTES;
  } catch {
    return 0;
  }
}

export class ProcessPool<I, O> {
  private readonly slots: Slot<I, O>[] = [];
  private readonly queue: Task<I, O>[] = [];
  private closed = false;

  constructor(
    private readonly entry: ReturnType<typeof processEntry>,
    readonly size: number,
    readonly maxQueue: number,
    private readonly options: {
      memoryLimitMb: number;
      /** V8 heap cap of each process (its old generation), below the memory limit. */
      heapLimitMb: number;
      busyMessage?: string;
    },
  ) {}

  /** Runs `input` in a child process; with `timeoutMs`, the process is killed past that long. */
  run(input: I, timeoutMs?: number): Promise<O> {
    if (this.closed) return Promise.reject(new Error("process pool closed"));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new AppError(503, this.options.busyMessage ?? POOL_BUSY, undefined, {
          retryAfterSeconds: POOL_RETRY_AFTER_SECONDS,
        }),
      );
    }
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject, timeoutMs });
      this.dispatch();
    });
  }

  /** The pids of the pool's processes (tests and the benchmark read their memory). */
  get pids(): number[] {
    return this.slots.map((s) => s.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error("process pool closed"));
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            this.clearTimers(slot);
            slot.task?.reject(new Error("process pool closed"));
            slot.task = undefined;
            if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
            slot.child.once("exit", () => resolve());
            slot.child.kill("SIGKILL");
          }),
      ),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift() as Task<I, O>;
      slot.task = task;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.child.ref();
      slot.child.channel?.ref();
      // A new process gets its task once it has loaded (its `{ready}`): starting up is not the task's time.
      if (slot.ready) this.start(slot, task);
    }
  }

  /** Sends the task and starts its time budget and the memory watch. */
  private start(busy: Slot<I, O>, task: Task<I, O>): void {
    if (task.timeoutMs !== undefined) {
      busy.timer = setTimeout(
        () => this.kill(busy, new WorkerTimeoutError(`task stopped after ${task.timeoutMs} ms`)),
        task.timeoutMs,
      );
    }
    const limit = this.options.memoryLimitMb * 1024 * 1024;
    busy.poll = setInterval(() => {
      const pid = busy.child.pid;
      if (pid !== undefined && residentBytes(pid) > limit) {
        this.kill(busy, new ProcessMemoryError(`process went past ${this.options.memoryLimitMb} MB`));
      }
    }, POLL_MS);
    busy.child.send(task.input as never);
  }

  private kill(slot: Slot<I, O>, reason: Error): void {
    if (slot.killedFor) return;
    slot.killedFor = reason;
    this.clearTimers(slot);
    slot.child.kill("SIGKILL");
  }

  /** An idle process leaves the pool first (no task can be given to it any more), then exits. */
  private retire(slot: Slot<I, O>): void {
    if (slot.task) return;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.child.kill("SIGKILL");
  }

  private clearTimers(slot: Slot<I, O>): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.poll) clearInterval(slot.poll);
    if (slot.idle) clearTimeout(slot.idle);
    slot.timer = slot.poll = slot.idle = undefined;
  }

  private spawn(): Slot<I, O> {
    const child = fork(this.entry.file, [], {
      execArgv: [`--max-old-space-size=${this.options.heapLimitMb}`, ...this.entry.execArgv],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const slot: Slot<I, O> = { child, ready: false };
    child.on("message", (message: ProcessMessage<O>) => {
      if ("ready" in message) {
        slot.ready = true;
        if (slot.task && !slot.killedFor) this.start(slot, slot.task);
        return;
      }
      const task = slot.task;
      if (!task || slot.killedFor) return;
      slot.task = undefined;
      this.clearTimers(slot);
      if (message.ok) task.resolve(message.value);
      else task.reject(new Error(message.error));
      // An idle process must not keep the server alive, and gives its memory back after a while.
      slot.idle = setTimeout(() => this.retire(slot), IDLE_MS);
      slot.idle.unref();
      child.unref();
      child.channel?.unref();
      this.dispatch();
    });
    child.on("exit", (code, signal) => {
      this.clearTimers(slot);
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const task = slot.task;
      slot.task = undefined;
      // V8 aborts a process whose heap is full (SIGABRT): that task, too, needed more memory than allowed.
      const outOfHeap = signal === "SIGABRT" || code === 134;
      const error = outOfHeap
        ? new ProcessMemoryError("process ran out of heap")
        : new Error(`process exited with ${signal ?? `code ${code}`}`);
      task?.reject(slot.killedFor ?? error);
      this.dispatch();
    });
    // A failure to start is followed by "exit"; nothing more to do here.
    child.on("error", () => undefined);
    this.slots.push(slot);
    return slot;
  }
}
