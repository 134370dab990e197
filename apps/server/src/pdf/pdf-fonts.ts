// Real TrueType fonts for the PDF, so text is embedded, selectable and covers accents and symbols
// beyond WinAnsi. DejaVu ships with the app as an npm package (dejavu-fonts-ttf); the machine's
// fonts-dejavu-core folder is the fallback, and pdfkit's built-in Helvetica the last resort.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Font file contents (read once per process), or the name of a pdfkit built-in font. */
export type PdfFonts = { regular: Buffer | string; bold: Buffer | string; mono: Buffer | string };

const FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf", mono: "DejaVuSansMono.ttf" } as const;

function packageFolder(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
  } catch {
    return null;
  }
}

function findFonts(): PdfFonts {
  for (const folder of [packageFolder(), "/usr/share/fonts/truetype/dejavu"]) {
    if (!folder) continue;
    const fonts = {
      regular: path.join(folder, FILES.regular),
      bold: path.join(folder, FILES.bold),
      mono: path.join(folder, FILES.mono),
    };
    if (Object.values(fonts).every((file) => existsSync(file))) {
      return { regular: readFileSync(fonts.regular), bold: readFileSync(fonts.bold), mono: readFileSync(fonts.mono) };
    }
  }
  return { regular: "Helvetica", bold: "Helvetica-Bold", mono: "Courier" };
}

let cached: PdfFonts | undefined;
export const pdfFonts = (): PdfFonts => {
  cached ??= findFonts();
  return cached;
};
