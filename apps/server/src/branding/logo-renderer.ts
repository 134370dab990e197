// Logos are rendered in a child process each, never by the server's own sharp (decision 0046).
// Guarantees:
// - the server's libuv thread pool (argon2 for sign-in, file reads) never runs a logo: the child
//   has its own, and runs 10 below the server's niceness;
// - a render has a time budget from when its process is ready (sharp loaded), after which the
//   process is killed (SIGKILL) and the upload answers 422: the work stops then, not when the
//   render would have ended. Starting has a budget of its own (a busy machine starts slowly);
// - at most `renders` run at once per instance and at most `queue` wait; beyond that an upload
//   answers 503 with Retry-After at once.
// A process costs its start (about a second on the test machine); logos change a few times in a
// workspace's life, so none is kept waiting.
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AppError } from "../http/errors";
import { Semaphore } from "../workers/semaphore";
import { backgroundNiceness } from "../workers/thread-priority";
import { POOL_RETRY_AFTER_SECONDS } from "../workers/worker-pool";
import type { LogoJob, LogoMessage, LogoOutcome } from "./logo-process";

export type LogoRenderer = {
  /** The logo as a PNG of at most 600 × 200; 413/400/422 as AppErrors, 503 when too many wait. */
  render: (bytes: Buffer) => Promise<Buffer>;
  /** Render processes alive now (tests, logs). */
  running: () => number;
  close: () => Promise<void>;
};

/** Pixels a logo may declare (about 4,000 × 4,000). */
export const MAX_LOGO_PIXELS = 16_000_000;
export const LOGO_RENDER_SECONDS = 10;
/** How long a render process may take to start (load Node and sharp) before it is killed. */
const START_MS = 60_000;
export const LOGO_RENDERER_BUSY = "The server is busy with other logos. Please try again in a moment.";

/** dist/main.js sits beside dist/logo-process.js; from source, src/branding/logo-process.ts through tsx. */
function processEntry(): { file: string; execArgv: string[] } {
  const built = new URL("./logo-process.js", import.meta.url);
  if (existsSync(fileURLToPath(built))) return { file: fileURLToPath(built), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;
  return { file: fileURLToPath(new URL("./logo-process.ts", import.meta.url)), execArgv: ["--import", tsx] };
}

export function createLogoRenderer(options: { renders: number; queue: number; timeoutMs: number }): LogoRenderer {
  const slots = new Semaphore(options.renders);
  const children = new Set<ChildProcess>();
  /** Renders running or waiting for a slot. */
  let pending = 0;

  const renderInChild = (bytes: Buffer): Promise<LogoOutcome | "timeout"> =>
    new Promise((resolve, reject) => {
      const entry = processEntry();
      const child = fork(entry.file, [String(backgroundNiceness())], {
        execArgv: entry.execArgv,
        serialization: "advanced",
        stdio: ["ignore", "ignore", "ignore", "ipc"],
      });
      children.add(child);
      let outcome: LogoOutcome | undefined;
      let timedOut = false;
      // Answered when the process has gone, so a refused render is not still drawing.
      const kill = (afterTimeout: boolean) => () => {
        timedOut = afterTimeout;
        child.kill("SIGKILL");
      };
      let timer = setTimeout(kill(false), START_MS);
      child.on("message", (message: LogoMessage) => {
        if ("ready" in message) {
          clearTimeout(timer);
          timer = setTimeout(kill(true), options.timeoutMs);
          const job: LogoJob = { bytes: new Uint8Array(bytes), maxPixels: MAX_LOGO_PIXELS };
          child.send(job);
        } else outcome = message;
      });
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once("exit", (code) => {
        children.delete(child);
        clearTimeout(timer);
        if (outcome) resolve(outcome);
        else if (timedOut) resolve("timeout");
        else reject(new Error(`logo process exited with code ${code}`));
      });
    });

  return {
    render: async (bytes) => {
      if (pending >= options.renders + options.queue) {
        throw new AppError(503, LOGO_RENDERER_BUSY, undefined, { retryAfterSeconds: POOL_RETRY_AFTER_SECONDS });
      }
      pending += 1;
      const outcome = await slots
        .run(() => renderInChild(bytes))
        .finally(() => {
          pending -= 1;
        });
      if (outcome === "timeout") {
        throw new AppError(
          422,
          `The logo took more than ${(options.timeoutMs / 1000).toLocaleString("en-GB")} s to draw; simplify it or save it as a PNG.`,
        );
      }
      if (outcome.ok) return Buffer.from(outcome.png.buffer, outcome.png.byteOffset, outcome.png.byteLength);
      if (outcome.reason === "pixels") {
        throw new AppError(413, "The logo's image is too large: at most about 4,000 × 4,000 pixels.");
      }
      throw new AppError(400, "The logo could not be read: the file is damaged or not an image.");
    },
    running: () => children.size,
    close: async () => {
      for (const child of children) child.kill("SIGKILL");
    },
  };
}
