// Background work must not slow the request thread (decision 0042). On Linux each thread has its
// own niceness, inherited from the thread that made it: the PDF and drawing worker threads lower
// their own, but sharp's work does not run on them. It runs on libvips's worker threads, made by
// libuv's thread pool (shared by the whole process, niceness 0), so tiling a drawing, the print
// copies of a PDF and a photo's encoding all competed with the reads at full priority. libvips
// gives no handle on its threads, so they are found by name in /proc and lowered one by one, as a
// worker that uses sharp starts and then a few times a second (libvips makes threads as it needs
// them). Elsewhere than Linux this does nothing.
import { readdirSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** Niceness for background threads: 10 below the request thread's (the process's first thread), at most 19. */
export function backgroundNiceness(): number {
  return Math.min(19, getPriority(process.pid) + 10);
}

/** Lowers every libvips thread of this process to `niceness` (never raises one). Returns how many it lowered. */
export function lowerLibvipsThreads(niceness: number): number {
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const name of tids) {
    try {
      if (!readFileSync(`/proc/self/task/${name}/comm`, "utf8").startsWith("libvips")) continue;
      const tid = Number(name);
      if (getPriority(tid) >= niceness) continue;
      setPriority(tid, niceness);
      lowered += 1;
    } catch {
      // The thread ended meanwhile, or this is not permitted here: nothing to do.
    }
  }
  return lowered;
}

/** Keeps libvips's threads at background priority for as long as this (worker) thread runs. */
export function keepLibvipsThreadsInBackground(everyMs = 250): void {
  const niceness = backgroundNiceness();
  lowerLibvipsThreads(niceness);
  setInterval(() => lowerLibvipsThreads(niceness), everyMs).unref();
}
