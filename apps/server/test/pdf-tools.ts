// Reads a PDF back with poppler-utils: its text (pdftotext) and its embedded images (pdfimages).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type PdfImage = { page: number; width: number; height: number; type: string };

export async function readPdf(pdf: Buffer): Promise<{ text: string; pages: string[]; images: PdfImage[] }> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-pdf-"));
  try {
    const file = path.join(folder, "doc.pdf");
    await writeFile(file, pdf);
    const { stdout: text } = await run("pdftotext", ["-raw", file, "-"], { maxBuffer: 64 * 1024 * 1024 });
    const { stdout: list } = await run("pdfimages", ["-list", file], { maxBuffer: 64 * 1024 * 1024 });
    const images = list
      .split("\n")
      .slice(2)
      .filter((l) => l.trim() !== "")
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        return { page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]), type: cols[2] ?? "" };
      });
    return { text, pages: text.split("\f"), images };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
