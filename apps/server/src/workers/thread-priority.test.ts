import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { backgroundNiceness, lowerLibvipsThreads } from "./thread-priority";

const threads = () =>
  readdirSync("/proc/self/task").map((tid) => ({
    tid: Number(tid),
    name: readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim(),
  }));

describe.runIf(process.platform === "linux")("libvips threads at background priority", () => {
  it("lowers every libvips thread, and no other", async () => {
    // Work for libvips, so that its threads exist.
    await sharp({ create: { width: 2000, height: 2000, channels: 3, background: "#abc" } })
      .blur(3)
      .jpeg()
      .toBuffer();
    const before = threads();
    const vips = before.filter((t) => t.name.startsWith("libvips"));
    expect(vips.length).toBeGreaterThan(0);
    const others = before.filter((t) => !t.name.startsWith("libvips")).map((t) => [t.tid, getPriority(t.tid)]);

    const target = backgroundNiceness();
    expect(target).toBe(Math.min(19, getPriority(process.pid) + 10));
    expect(lowerLibvipsThreads(target)).toBeGreaterThan(0);

    for (const { tid } of vips) expect(getPriority(tid)).toBe(target);
    for (const [tid, niceness] of others) {
      const alive = threads().some((t) => t.tid === tid);
      if (alive) expect(getPriority(tid)).toBe(niceness);
    }
    // Once lowered, nothing is left to do (a thread is never raised or set twice).
    expect(lowerLibvipsThreads(target)).toBe(0);
  });
});
