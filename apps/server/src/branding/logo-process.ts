// Child process entry (logo-renderer.ts): lowers its priority, loads sharp, says it is ready, then
// renders one logo to a PNG of at most 600 × 200, answers and exits. A process of its own, not a
// worker thread, because sharp's work runs on libuv's thread pool, which every thread of a process
// shares with argon2 (sign-in) and file reads; a worker thread cannot be stopped in the middle of
// it (terminate() waits for the render), a process can (decision 0046).
import { setPriority } from "node:os";

/** What the parent sends once the process is ready: the logo's bytes and the pixel ceiling. */
export type LogoJob = { bytes: Uint8Array; maxPixels: number };
/** What it sends: ready (sharp loaded), then the PNG or why not. */
export type LogoOutcome = { ok: true; png: Uint8Array } | { ok: false; reason: "pixels" | "unreadable" };
export type LogoMessage = { ready: true } | LogoOutcome;

const OUT = { width: 600, height: 200 };

try {
  // The niceness the parent asks for (argv), set before sharp loads: every thread it makes after
  // (libuv's pool, libvips's) inherits it.
  setPriority(Number(process.argv[2]));
} catch {
  // Not permitted or not supported here: the render runs at normal priority.
}
const { default: sharp } = await import("sharp");

async function render(job: LogoJob): Promise<LogoOutcome> {
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
  void render(job).then((outcome) => process.send?.(outcome satisfies LogoMessage, () => process.exit(0)));
});
process.send?.({ ready: true } satisfies LogoMessage);
