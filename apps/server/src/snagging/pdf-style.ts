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
