// Page geometry and colours shared by the PDF's sections.
export const PAGE = { width: 595.28, height: 841.89, margin: 50, footer: 48 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer + 20;
export const C = {
  ink: "#0f172a",
  muted: "#64748b",
  line: "#e2e8f0",
  panel: "#f8fafc",
  band: "#1e293b",
  brand: "#ea580c",
  brandSoft: "#fdba74",
  link: "#1d4ed8",
};
export const STATUS_COLOURS: Record<string, string> = {
  open: "#2563eb",
  "in-progress": "#d97706",
  resolved: "#16a34a",
  closed: "#475569",
};
export const PRIORITY_COLOURS: Record<string, string> = {
  critical: "#b91c1c",
  high: "#ea580c",
  medium: "#ca8a04",
  low: "#16a34a",
};

/** Runs of this many non-space characters or more get break opportunities (`breakable`). */
export const LONG_RUN = 60;
const LONG_RUNS = new RegExp(`\\S{${LONG_RUN},}`, "gu");
const ZERO_WIDTH_SPACE = "\u200B";
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Text pdfkit can wrap in linear time. A word wider than the line is broken by pdfkit one character
 * at a time, measuring the whole remainder at each step: a 20,000-character run without a space
 * took 4 s of a PDF worker (and 10 such downloads stalled every workspace's PDFs for 40 s). Runs of
 * LONG_RUN or more characters get an invisible zero-width space (a break opportunity in Unicode's
 * line breaking, zero width in DejaVu) after every 8 graphemes, so a long URL or a pasted hash
 * still wraps at the line's end. Shorter words, the text's own spaces and accents are untouched.
 */
export function breakable(text: string): string {
  return text.replace(LONG_RUNS, (run) => {
    let out = "";
    let count = 0;
    for (const { segment } of graphemes.segment(run)) {
      out += segment;
      count += 1;
      if (count % 8 === 0) out += ZERO_WIDTH_SPACE;
    }
    return out;
  });
}
