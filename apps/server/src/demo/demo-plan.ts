// The sample drawing of a demo sandbox: a typical floor of Riverside Block B drawn as SVG and
// rasterised to PNG once per process, then uploaded to each sandbox as any drawing is (rendered to
// tiles off the request path), with the block's snags pinned where their locations say.
import sharp from "sharp";

const W = 2400;
const H = 1500;

type Room = { x: number; y: number; w: number; h: number; label: string };

// Four flats either side of a corridor, the stair core at the east end (coordinates in px).
const ROOMS: readonly Room[] = [
  { x: 120, y: 120, w: 520, h: 520, label: "Flat x.01" },
  { x: 640, y: 120, w: 520, h: 520, label: "Flat x.02" },
  { x: 1160, y: 120, w: 520, h: 520, label: "Flat x.03" },
  { x: 120, y: 860, w: 520, h: 520, label: "Flat x.04" },
  { x: 640, y: 860, w: 520, h: 520, label: "Flat x.05" },
  { x: 1160, y: 860, w: 520, h: 520, label: "Flat x.06" },
  { x: 1680, y: 120, w: 600, h: 1260, label: "Stair core B" },
];

/** Where each sample snag of the block sits on the plan (0–1 on each axis), by its location text. */
export const DEMO_PINS: Readonly<Record<string, { x: number; y: number }>> = {
  // Flat 2.04 kitchen: the kitchen of flat x.04, by the sink on its north wall.
  "Flat 2.04 kitchen": { x: 330 / W, y: 940 / H },
  "Stair core B, level 3": { x: 1980 / W, y: 600 / H },
  // Flat 3.01 bathroom: the bathroom in flat x.01's north-east corner.
  "Flat 3.01 bathroom": { x: 560 / W, y: 200 / H },
};

export const DEMO_PLAN_NAME = "Block B — typical floor";
export const DEMO_PLAN_LEVEL = "Levels 1–5";

function roomSvg({ x, y, w, h, label }: Room): string {
  const inner =
    label === "Stair core B"
      ? Array.from(
          { length: 14 },
          (_, i) =>
            `<line x1="${x + 60}" y1="${y + 160 + i * 60}" x2="${x + w - 60}" y2="${y + 160 + i * 60}" stroke="#334155" stroke-width="3"/>`,
        ).join("") +
        `<rect x="${x + 60}" y="${y + 60}" width="${w - 120}" height="80" fill="none" stroke="#334155" stroke-width="3"/>`
      : // A kitchen run, a bathroom and a bedroom wall inside each flat.
        `<rect x="${x + 20}" y="${y + 20}" width="${w * 0.55}" height="60" fill="none" stroke="#334155" stroke-width="3"/>
         <rect x="${x + w - 200}" y="${y + 20}" width="180" height="200" fill="none" stroke="#334155" stroke-width="4"/>
         <circle cx="${x + w - 110}" cy="${y + 80}" r="28" fill="none" stroke="#334155" stroke-width="3"/>
         <line x1="${x}" y1="${y + h * 0.55}" x2="${x + w * 0.6}" y2="${y + h * 0.55}" stroke="#0f172a" stroke-width="10"/>`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f8fafc" stroke="#0f172a" stroke-width="14"/>${inner}
    <text x="${x + w / 2}" y="${y + h / 2 + 90}" font-family="DejaVu Sans, sans-serif" font-size="44" text-anchor="middle" fill="#0f172a">${label}</text>`;
}

function planSvg(): string {
  const grid = Array.from({ length: 9 }, (_, i) => {
    const gx = 120 + i * 270;
    return `<line x1="${gx}" y1="40" x2="${gx}" y2="${H - 40}" stroke="#cbd5e1" stroke-width="2" stroke-dasharray="18 12"/>
      <circle cx="${gx}" cy="40" r="26" fill="#fff" stroke="#64748b" stroke-width="3"/>
      <text x="${gx}" y="53" font-family="DejaVu Sans, sans-serif" font-size="32" text-anchor="middle" fill="#334155">${i + 1}</text>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#fff"/>${grid}
    ${ROOMS.map(roomSvg).join("")}
    <rect x="120" y="640" width="1560" height="220" fill="#eef2f7" stroke="#0f172a" stroke-width="6"/>
    <text x="900" y="765" font-family="DejaVu Sans, sans-serif" font-size="40" text-anchor="middle" fill="#334155">Corridor</text>
    <text x="${W - 60}" y="${H - 40}" font-family="DejaVu Sans, sans-serif" font-size="30" text-anchor="end" fill="#475569">Riverside Apartments — Block B · GA plan · sample drawing</text>
  </svg>`;
}

let cached: Promise<Buffer> | undefined;

/** The plan as PNG bytes, drawn once per process. */
export function demoPlanPng(): Promise<Buffer> {
  cached ??= sharp(Buffer.from(planSvg()))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
    .catch((err: unknown) => {
      cached = undefined;
      throw err;
    });
  return cached;
}
