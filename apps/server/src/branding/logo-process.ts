// Child process entry (logo-renderer.ts): renders one logo to a PNG of at most 600 × 200 and exits.
// A process of its own, not a worker thread, because sharp's work runs on libuv's thread pool, which
// every thread of a process shares with argon2 (sign-in) and file reads; a worker thread cannot be
// stopped in the middle of it (terminate() waits for the render), a process can (decision 0046).
import { setPriority } from "node:os";
import sharp from "sharp";

/** What the parent sends: the logo's bytes and the niceness to run at. */
export type LogoJob = { bytes: Uint8Array; niceness: number; maxPixels: number };
/** What it gets back: the PNG, or why not. */
export type LogoOutcome = { ok: true; png: Uint8Array } | { ok: false; reason: "pixels" | "unreadable" };

const OUT = { width: 600, height: 200 };

async function render(job: LogoJob): Promise<LogoOutcome> {
  try {
    // Set before sharp's first call: the threads it makes (libuv's pool, libvips's) inherit it.
    setPriority(job.niceness);
  } catch {
    // Not permitted or not supported here: the render runs at normal priority.
  }
  try {
    const png = await sharp(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), {
      limitInputPixels: job.maxPixels,
      failOn: "error",
      density: 144,
    })
      .resize(OUT.width, OUT.height, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
    return { ok: true, png: new Uint8Array(png) };
  } catch (err) {
    return { ok: false, reason: /pixel limit/i.test(String((err as Error)?.message)) ? "pixels" : "unreadable" };
  }
}

process.once("message", (job: LogoJob) => {
  void render(job).then((outcome) => process.send?.(outcome, () => process.exit(0)));
});
