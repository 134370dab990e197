// Report PDFs under the PDF memory budget (issue 22, decision 0019): photos embedded as print
// copies (300 dpi in their box), documents streamed, and the budget held only while a PDF is in flight.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printCopies } from "../src/pdf/pdf-print-copies";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { multipart } from "./images";

const run = promisify(execFile);

/** A photo with detail everywhere (noise), so its JPEG is as large as a real one. */
const noisyPhoto = (width: number, height: number, seed: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};

async function readBack(pdf: Buffer): Promise<{ images: string[]; text: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-pdf-"));
  try {
    const file = path.join(folder, "report.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdfimages", ["-list", file]);
    const { stdout: text } = await run("pdftotext", ["-raw", file, "-"]);
    const images = stdout
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "");
    return { images, text: text.replace(/\s+/g, " ") };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)("report PDFs under the memory budget (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let report: Report;

  beforeAll(async () => {
    // The smallest budget: one 4-photo PDF at a time.
    t = await createTestApp(kind, { PDF_MEMORY_MB: "16" });
    owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const files = await Promise.all(
      [0, 1, 2, 3].map(async (i) => ({ name: `p${i}.jpg`, data: await noisyPhoto(2400, 1800, i + 1) })),
    );
    const body = await multipart(
      {
        projectId: project.id,
        priority: "high",
        description: files.map((_, i) => `📷 Photo ${i + 1} - Bay ${i}: spalled concrete`).join("\n"),
      },
      files,
    );
    const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    expect(res.statusCode, res.body).toBe(201);
    report = res.json().report;
  }, 60_000);
  afterAll(() => t.close());

  const download = () =>
    t.request({ method: "GET", url: `/api/snagging/${report.id}/download-pdf`, token: owner.accessToken });

  it("embeds each large photo at print size (~300 dpi in its box), keeping the stored file's SHA-256", async () => {
    expect(report.attachments.every((a) => a.size_bytes > 300_000)).toBe(true);
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const { images, text } = await readBack(res.rawPayload);
    expect(images).toHaveLength(4);
    // ~300 dpi across the 250 pt box: 1,024 px on the long edge (half a display copy, decision 0037).
    for (const line of images) expect(line).toMatch(/\s1024\s+768\s/);
    // Smaller than the stored photos together: the display copies (2,048 px) are not embedded.
    const stored = report.attachments.reduce((sum, a) => sum + a.size_bytes, 0);
    expect(res.rawPayload.length).toBeLessThan(stored * 0.6);
    for (const attachment of report.attachments) {
      const sha = attachment.sha256 as string;
      expect(text).toContain(`${sha.slice(0, 32)} ${sha.slice(32)}`);
    }
  }, 60_000);

  it("makes PDFs one after another within a budget that fits one, and gives the budget back", async () => {
    const answers = await Promise.all([download(), download(), download()]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(res.rawPayload.subarray(-6).toString()).toContain("%%EOF");
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.ctx.pdf.memoryInUse()).toBe(0);
  }, 60_000);
});

// Decision 0040: in the PDF worker each stored photo's memory is freed as soon as its print copy
// exists, not at the worker's next major garbage collection.
describe("print copies free the stored photos they were made from", () => {
  const rows = [
    { width: 2048, height: 1536 },
    { width: 2048, height: 1536 },
    { width: 300, height: 200 },
  ];
  const stored = async () => [
    Buffer.from(await noisyPhoto(2048, 1536, 7)),
    Buffer.from(await noisyPhoto(2048, 1536, 8)),
    // Light enough to be embedded as stored: never freed (it is the print copy).
    Buffer.from(await noisyPhoto(300, 200, 9)),
  ];

  it("owned (the worker's own photos): each large one is freed once copied; the copies are whole", async () => {
    const images = await stored();
    const views = [...images];
    const sizes = images.map((b) => b.length);
    const before = process.memoryUsage().arrayBuffers;
    const copies = await printCopies(images, rows, { owned: true });
    // Detached: the memory is gone now, not after a garbage collection.
    expect(views[0]?.length).toBe(0);
    expect(views[1]?.length).toBe(0);
    expect(views[2]?.length).toBe(sizes[2]);
    expect(copies[2]).toBe(views[2]);
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(before - (sizes[0] ?? 0) - (sizes[1] ?? 0) + 1_000_000);
    for (const copy of copies.slice(0, 2)) {
      const meta = await sharp(copy as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1024, 768]);
    }
  }, 30_000);

  it("not owned (inline, the caller's photos): nothing is freed", async () => {
    const images = await stored();
    const views = [...images];
    const sizes = images.map((b) => b.length);
    await printCopies(images, rows);
    expect(views.map((b) => b.length)).toEqual(sizes);
  }, 30_000);

  it("a slice of a shared buffer is never freed, even when owned", async () => {
    const [photo] = await stored();
    const shared = Buffer.concat([Buffer.alloc(16), photo as Buffer]);
    const slice = shared.subarray(16);
    await printCopies([slice], [rows[0] as (typeof rows)[number]], { owned: true });
    expect(slice.length).toBe(photo?.length);
    expect(shared.length).toBe((photo?.length ?? 0) + 16);
  }, 30_000);
});
